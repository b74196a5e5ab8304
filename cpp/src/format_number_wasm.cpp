// format_number in the wasm build: JavaScript's String(value), which messages imitate
// natively anyway (cpp/src/format_number.cpp). The module then ships without C's
// floating-point printf and strtod. A source of the core (declared in posenc/error.hpp), compiled
// instead of format_number.cpp when the core is built with Emscripten.
#include <emscripten/emscripten.h>

#include "posenc/error.hpp"

namespace {
// The longest text String() gives a double is 24 characters (-1.7976931348623157e+308).
constexpr int text_size = 32;
}  // namespace

EM_JS(void, posenc_number_text, (double value, char* out, int size), { stringToUTF8(String(value), out, size); });

namespace posenc {

std::string format_number(double value) {
  char text[text_size];
  posenc_number_text(value, text, text_size);
  return text;
}

}  // namespace posenc
