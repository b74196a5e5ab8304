// The module's model-config functions: a config arrives as JSON text (the library serialises a
// parsed object first, so that no getter or cycle of a JavaScript object runs inside wasm), the
// model reader (posenc::models) parses and resolves it, and the result is written back field by field.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "js_errors.hpp"
#include "js_objects.hpp"
#include "posenc/llama_cpp.hpp"
#include "posenc/model_config.hpp"
#include "posenc/posenc.hpp"

using emscripten::val;

namespace {

// The JSON text of a config, its length checked against the core's bound before it is copied.
posenc::config_value config_of(const val& text) {
  posenc::checked_integer("config.length", text["length"].as<double>(), 0, std::int64_t(posenc::config_max_text));
  return posenc::parse_json(text.as<std::string>());
}

val rope_from_config(val text, val o) {
  return js::guarded([&] {
    const auto query = js::read<posenc::config_query>(o);
    const posenc::model_rope rope = posenc::rope_from_config(config_of(text), query.layer_type, query.seq_len);
    val out = js::writer::to_js(rope, js::writer::absent::null);
    out.set("options", js::writer::to_js(posenc::rope_options_of(rope), js::writer::absent::omit));
    return out;
  });
}

val llama_cpp_flags(val text, val o) {
  return js::guarded([&] {
    const auto query = js::read<posenc::llama_cpp_query>(o);
    return js::writer::to_js(posenc::llama_cpp_flags(config_of(text), query.context_length), js::writer::absent::null);
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_config) {
  emscripten::function("ropeFromConfig", &rope_from_config);
  emscripten::function("llamaCppFlags", &llama_cpp_flags);
}
