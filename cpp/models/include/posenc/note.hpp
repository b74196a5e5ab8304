// A note of the model reader: what the resolved numbers do not say, as a code naming the sentence and the
// values it holds. The sentences themselves, in English and Chinese, are the JavaScript library's
// (web/lib/notes.js), so that the wasm module carries no prose; cpp/models/note_codes.hpp lists every code.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace posenc {

struct note {
  std::string code;                                         // "layers-without-rope", ...
  std::vector<std::pair<std::string, std::string>> params;  // name and value, as the sentence shows it

  // The value of one parameter ("" when the note has none of that name).
  const std::string& param(const std::string& name) const {
    static const std::string none;
    for (const auto& p : params) {
      if (p.first == name) return p.second;
    }
    return none;
  }
  bool operator==(const note& other) const { return code == other.code && params == other.params; }
  bool operator!=(const note& other) const { return !(*this == other); }
};

// The API's names: { code, params: { name: value, ... } }.
template <class Field>
void for_each_field(note& n, Field&& field) {
  field("code", n.code);
  field("params", n.params);
}

}  // namespace posenc
