#include "posenc/layout.hpp"

#include "posenc/error.hpp"

namespace posenc {

layout parse_layout(const std::string& name) {
  if (name == "interleaved") return layout::interleaved;
  if (name == "half") return layout::half;
  fail("layout", "'interleaved' or 'half'", "'" + name + "'");
}

const char* to_string(layout l) { return l == layout::half ? "half" : "interleaved"; }

}  // namespace posenc
