// The notes' codes and value names (note_codes.hpp), and the one function that pairs values with names.
#include "note_codes.hpp"

#include <algorithm>
#include <stdexcept>

namespace posenc::detail {
namespace {

struct note_entry {
  const char* code;
  const char* names;
};

constexpr note_entry entries[] = {{"", ""},
#define POSENC_NOTE_ENTRY(id, code, names) {code, names},
                                  POSENC_NOTE_CODES(POSENC_NOTE_ENTRY)
#undef POSENC_NOTE_ENTRY
};

}  // namespace

const char* note_code(note_id id) { return entries[std::size_t(id)].code; }

note make_note(note_id id, std::initializer_list<std::string> values) {
  const note_entry& e = entries[std::size_t(id)];
  note out{e.code, {}};
  const std::string names = e.names;
  auto value = values.begin();
  for (std::size_t start = 0; start < names.size();) {
    std::size_t end = names.find(' ', start);
    if (end == std::string::npos) end = names.size();
    if (value == values.end()) break;
    out.params.emplace_back(names.substr(start, end - start), *value++);
    start = end + 1;
  }
  if (id == note_id::none || value != values.end() ||
      out.params.size() != std::size_t(names.empty() ? 0 : 1) + std::count(names.begin(), names.end(), ' ')) {
    throw std::logic_error(std::string("posenc: note '") + e.code + "' made with the wrong values");
  }
  return out;
}

}  // namespace posenc::detail
