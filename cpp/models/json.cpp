// A small strict JSON parser (RFC 8259) for config.json, with the bounds of model_config.hpp.
// It also reads NaN, Infinity and -Infinity, which Python's json writes for non-finite floats.
// Every fault throws invalid_argument naming "config" with its line and column; the recursion
// is bounded by config_max_depth, so hostile text can exhaust neither the stack nor memory.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "posenc/error.hpp"
#include "posenc/model_config.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>

// JavaScript's Number(): correctly rounded in every engine, as strtod is, and it keeps musl's
// strtod, with its long double arithmetic, out of the module.
EM_JS(double, posenc_decimal_to_double, (const char* text), { return Number(UTF8ToString(text)); });
#endif

namespace posenc {
namespace {

// A numeral the parser has already checked against JSON's grammar.
double decimal_to_double(const char* text) {
#ifdef __EMSCRIPTEN__
  return posenc_decimal_to_double(text);
#else
  return std::strtod(text, nullptr);
#endif
}

}  // namespace

const config_value* config_value::find(std::string_view key) const {
  if (type != kind::object) return nullptr;
  for (const auto& member : members) {
    if (member.first == key) return &member.second;
  }
  return nullptr;
}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out += char(code);
  } else if (code < 0x800) {
    out += char(0xC0 | (code >> 6));
    out += char(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += char(0xE0 | (code >> 12));
    out += char(0x80 | ((code >> 6) & 0x3F));
    out += char(0x80 | (code & 0x3F));
  } else {
    out += char(0xF0 | (code >> 18));
    out += char(0x80 | ((code >> 12) & 0x3F));
    out += char(0x80 | ((code >> 6) & 0x3F));
    out += char(0x80 | (code & 0x3F));
  }
}

// The length of the well-formed UTF-8 sequence at text[at] (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), or 0.
std::size_t utf8_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return i < text.size() ? std::uint8_t(text[i]) : 0u; };
  const unsigned lead = byte(at);
  const auto tail = [&](std::size_t i, unsigned lo = 0x80, unsigned hi = 0xBF) {
    const unsigned b = byte(at + i);
    return b >= lo && b <= hi;
  };
  if (lead >= 0xC2 && lead <= 0xDF) return tail(1) ? 2 : 0;
  if (lead == 0xE0) return tail(1, 0xA0) && tail(2) ? 3 : 0;
  if (lead == 0xED) return tail(1, 0x80, 0x9F) && tail(2) ? 3 : 0;
  if (lead >= 0xE1 && lead <= 0xEF) return tail(1) && tail(2) ? 3 : 0;
  if (lead == 0xF0) return tail(1, 0x90) && tail(2) && tail(3) ? 4 : 0;
  if (lead >= 0xF1 && lead <= 0xF3) return tail(1) && tail(2) && tail(3) ? 4 : 0;
  if (lead == 0xF4) return tail(1, 0x80, 0x8F) && tail(2) && tail(3) ? 4 : 0;
  return 0;
}

class parser {
 public:
  explicit parser(std::string_view text) : text_(text) {}

  config_value run() {
    if (text_.size() > config_max_text) {
      fail("config", "at most " + std::to_string(config_max_text) + " bytes of JSON text", double(text_.size()));
    }
    // A byte order mark may open the text (RFC 8259 section 8.1 lets a parser ignore it).
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") at_ = 3;
    config_value root;
    skip_space();
    value(root, 0);
    skip_space();
    if (at_ != text_.size()) fault("the end of the text after the value");
    return root;
  }

 private:
  // "config must be valid JSON (<expected>), got <what is there> at line L, column C".
  [[noreturn]] void fault(const std::string& expected) const { fault_at(expected, at_); }

  [[noreturn]] void fault_at(const std::string& expected, std::size_t where) const {
    fail("config", "valid JSON (" + expected + ")", found(where) + " at " + position(where));
  }

  std::string found(std::size_t where) const {
    if (where >= text_.size()) return "the end of the text";
    const unsigned char c = static_cast<unsigned char>(text_[where]);
    if (c >= 0x20 && c < 0x7F) return c == '\'' ? "\"'\"" : "'" + std::string(1, char(c)) + "'";
    // By hand, not snprintf: the wasm module then ships without C's printf.
    const char* digits = "0123456789ABCDEF";
    return std::string("byte 0x") + digits[c >> 4] + digits[c & 0xF];
  }

  // Line and column (in characters: UTF-8 continuation bytes do not count), both from 1.
  std::string position(std::size_t where) const {
    where = std::min(where, text_.size());
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < where; ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) {
        ++column;
      }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
  }

  void skip_space() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
      ++at_;
    }
  }

  bool peek(char c) const { return at_ < text_.size() && text_[at_] == c; }

  bool take(std::string_view word) {
    if (text_.compare(at_, word.size(), word) != 0) return false;
    at_ += word.size();
    return true;
  }

  void count_value() {
    if (++values_ > config_max_values) {
      fail("config", "at most " + std::to_string(config_max_values) + " values", "more at " + position(at_));
    }
  }

  void value(config_value& out, std::size_t depth) {
    count_value();
    if (at_ >= text_.size()) fault("a value");
    const char c = text_[at_];
    if (c == '{' || c == '[') {
      if (depth + 1 > config_max_depth) {
        fail("config", "nested at most " + std::to_string(config_max_depth) + " arrays and objects deep",
             "depth " + std::to_string(depth + 1) + " at " + position(at_));
      }
      if (c == '{') {
        object(out, depth + 1);
      } else {
        array(out, depth + 1);
      }
    } else if (c == '"') {
      out.type = config_value::kind::string;
      string(out.string);
    } else if (c == '-' || is_digit(c)) {
      number(out);
    } else if (take("true") || take("false")) {
      out.type = config_value::kind::boolean;
      out.boolean = c == 't';
    } else if (take("null")) {
      out.type = config_value::kind::null;
    } else if (take("NaN")) {
      out.type = config_value::kind::number;
      out.number = NAN;
    } else if (take("Infinity")) {
      out.type = config_value::kind::number;
      out.number = INFINITY;
    } else {
      fault("a value");
    }
  }

  void object(config_value& out, std::size_t depth) {
    out.type = config_value::kind::object;
    std::vector<std::size_t> key_at;  // where each key starts, for a duplicated key's position
    ++at_;
    skip_space();
    if (peek('}')) {
      ++at_;
      return;
    }
    for (;;) {
      if (!peek('"')) fault("a string as the object key");
      key_at.push_back(at_);
      out.members.emplace_back();
      auto& member = out.members.back();
      string(member.first);
      skip_space();
      if (!peek(':')) fault("':' after the object key");
      ++at_;
      skip_space();
      value(member.second, depth);
      skip_space();
      if (peek(',')) {
        ++at_;
        skip_space();
        continue;
      }
      if (peek('}')) break;
      fault("',' or '}' after the object member");
    }
    ++at_;
    refuse_duplicates(out.members, key_at);
  }

  // Python's json keeps the last of duplicated keys silently; a config that repeats one is
  // ambiguous, so it is refused (sorting keeps large objects O(n log n)).
  void refuse_duplicates(const std::vector<std::pair<std::string, config_value>>& members,
                         const std::vector<std::size_t>& key_at) const {
    if (members.size() < 2) return;
    std::vector<std::size_t> order(members.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return members[a].first < members[b].first; });
    std::size_t worst = members.size();
    for (std::size_t i = 1; i < order.size(); ++i) {
      if (members[order[i]].first == members[order[i - 1]].first) {
        worst = std::min(worst, std::max(order[i], order[i - 1]));
      }
    }
    if (worst == members.size()) return;
    std::string key = members[worst].first;
    if (key.size() > 40) key = key.substr(0, 40) + "...";
    fail("config", "free of duplicated keys within an object", "'" + key + "' again at " + position(key_at[worst]));
  }

  void array(config_value& out, std::size_t depth) {
    out.type = config_value::kind::array;
    ++at_;
    skip_space();
    if (peek(']')) {
      ++at_;
      return;
    }
    for (;;) {
      out.items.emplace_back();
      value(out.items.back(), depth);
      skip_space();
      if (peek(',')) {
        ++at_;
        skip_space();
        continue;
      }
      if (peek(']')) break;
      fault("',' or ']' after the array item");
    }
    ++at_;
  }

  std::uint32_t hex4() {
    std::uint32_t code = 0;
    for (int i = 0; i < 4; ++i) {
      const int d = at_ < text_.size() ? hex_digit(text_[at_]) : -1;
      if (d < 0) fault("4 hex digits after \\u");
      code = code * 16 + std::uint32_t(d);
      ++at_;
    }
    return code;
  }

  void escape(std::string& out) {
    const std::size_t start = at_ - 1;  // the backslash
    if (at_ >= text_.size()) fault("an escape after '\\'");
    const char c = text_[at_++];
    switch (c) {
      case '"':
        out += '"';
        return;
      case '\\':
        out += '\\';
        return;
      case '/':
        out += '/';
        return;
      case 'b':
        out += '\b';
        return;
      case 'f':
        out += '\f';
        return;
      case 'n':
        out += '\n';
        return;
      case 'r':
        out += '\r';
        return;
      case 't':
        out += '\t';
        return;
      case 'u':
        break;
      default:
        fault_at("one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u after '\\'", at_ - 1);
    }
    std::uint32_t code = hex4();
    if (code >= 0xDC00 && code <= 0xDFFF) fault_at("a high surrogate before a low one (\\uDC00-\\uDFFF)", start);
    if (code >= 0xD800 && code <= 0xDBFF) {
      // UTF-16 pairs only: a lone surrogate has no UTF-8 form.
      if (!take("\\u")) fault("a low surrogate \\uDC00-\\uDFFF after a high one");
      const std::uint32_t low = hex4();
      if (low < 0xDC00 || low > 0xDFFF) fault_at("a low surrogate \\uDC00-\\uDFFF after a high one", at_ - 6);
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    append_utf8(out, code);
  }

  void string(std::string& out) {
    ++at_;  // the opening quote
    for (;;) {
      std::size_t run = at_;
      while (run < text_.size()) {
        const unsigned char c = static_cast<unsigned char>(text_[run]);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
        ++run;
      }
      out.append(text_.data() + at_, run - at_);
      at_ = run;
      if (at_ >= text_.size()) fault("'\"' closing the string");
      const unsigned char c = static_cast<unsigned char>(text_[at_]);
      if (c == '"') {
        ++at_;
        return;
      }
      if (c == '\\') {
        ++at_;
        escape(out);
      } else if (c < 0x20) {
        fault("a control character escaped inside a string");
      } else {
        const std::size_t n = utf8_length(text_, at_);
        if (n == 0) fault("UTF-8 text");
        out.append(text_.data() + at_, n);
        at_ += n;
      }
    }
  }

  // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, or -Infinity; converted by decimal_to_double,
  // which rounds correctly (and gives +-Infinity past the double range, as Python's float does).
  void number(config_value& out) {
    const std::size_t start = at_;
    out.type = config_value::kind::number;
    if (peek('-')) {
      ++at_;
      if (take("Infinity")) {
        out.number = -INFINITY;
        return;
      }
    }
    if (peek('0')) {
      ++at_;
    } else if (at_ < text_.size() && is_digit(text_[at_])) {
      while (at_ < text_.size() && is_digit(text_[at_])) ++at_;
    } else {
      fault("a digit in the number");
    }
    if (peek('.')) {
      ++at_;
      if (!(at_ < text_.size() && is_digit(text_[at_]))) fault("a digit after the decimal point");
      while (at_ < text_.size() && is_digit(text_[at_])) ++at_;
    }
    if (peek('e') || peek('E')) {
      ++at_;
      if (peek('+') || peek('-')) ++at_;
      if (!(at_ < text_.size() && is_digit(text_[at_]))) fault("a digit in the exponent");
      while (at_ < text_.size() && is_digit(text_[at_])) ++at_;
    }
    const std::string token(text_.substr(start, at_ - start));
    out.number = decimal_to_double(token.c_str());
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t values_ = 0;
};

}  // namespace

config_value parse_json(std::string_view text) { return parser(text).run(); }

}  // namespace posenc
