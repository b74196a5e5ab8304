// A note as one line for assertions and failure messages: "code name=value name=value".
#pragma once

#include <string>

#include "posenc/note.hpp"

inline std::string note_text(const posenc::note& n) {
  std::string s = n.code;
  for (const auto& [name, value] : n.params) s += " " + name + "=" + value;
  return s;
}
