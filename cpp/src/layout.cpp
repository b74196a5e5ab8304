#include "posenc/layout.hpp"

#include "posenc/error.hpp"

namespace posenc {

layout parse_layout(const std::string& name) {
  if (name == "interleaved") return layout::interleaved;
  if (name == "half") return layout::half;
  if (name == "interleaved-to-half") return layout::interleaved_to_half;
  fail("layout", "'interleaved' or 'half' (rope() also takes 'interleaved-to-half')", "'" + name + "'");
}

const char* to_string(layout l) {
  return l == layout::half ? "half" : l == layout::interleaved_to_half ? "interleaved-to-half" : "interleaved";
}

}  // namespace posenc
