// libFuzzer target over config.json: random bytes are parsed as JSON and, when they parse,
// resolved for every layer type (and a few sequence lengths) and for the softmax scale. Each step
// must succeed or throw a posenc::invalid_argument whose message opens with the parameter it
// names; a result must hold together (sizes, finite frequencies). Anything else - a crash, a
// sanitizer report, another exception - aborts the run.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "posenc/model_config.hpp"
#include "posenc/posenc.hpp"

namespace {

[[noreturn]] void failure(const std::string& what) {
  std::fprintf(stderr, "fuzz failure: %s\n", what.c_str());
  std::abort();
}

void check_error(const posenc::invalid_argument& e) {
  const std::string what = e.what();
  if (e.parameter().empty() || what.compare(0, e.parameter().size() + 1, e.parameter() + " ") != 0) {
    failure("a message that does not open with its parameter: [" + e.parameter() + "] " + what);
  }
}

void check_rope(const posenc::model_rope& r) {
  if (r.rotary_dim == 0 || r.rotary_dim % 2 != 0 || r.rotary_dim > r.head_dim) failure("rotary_dim out of range");
  if (r.frequencies.size() * 2 != r.rotary_dim) failure("frequencies.size() * 2 != rotary_dim");
  for (double f : r.frequencies) {
    if (!std::isfinite(f) || f < 0) failure("a frequency that is not finite and >= 0");
  }
  if (!std::isfinite(r.attention_factor) || !(r.attention_factor > 0)) failure("attention_factor not finite > 0");
  if (!(r.base > 1) || !std::isfinite(r.base)) failure("base not finite > 1");
}

// One call that may throw only invalid_argument.
template <class F>
bool attempt(F&& f) {
  try {
    f();
    return true;
  } catch (const posenc::invalid_argument& e) {
    check_error(e);
  } catch (const std::exception& e) {
    failure(std::string("an exception other than invalid_argument: ") + e.what());
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  posenc::config_value config;
  if (!attempt([&] { config = posenc::parse_json(text); })) return 0;

  std::vector<std::string> layer_types;
  if (!attempt([&] { layer_types = posenc::config_layer_types(config); })) return 0;
  if (layer_types.empty()) failure("config_layer_types returned no layer type");
  layer_types.push_back("");                    // the first one
  layer_types.push_back("no_such_layer_type");  // must be refused
  // The sequence length comes from the text's size, so that inputs reach long-context branches.
  const std::int64_t lengths[] = {0, 1 + std::int64_t(size % 5000), std::int64_t(size) * 977, -1};
  for (const auto& layer_type : layer_types) {
    for (std::int64_t seq_len : lengths) {
      const bool ok = attempt([&] {
        const posenc::model_rope r = posenc::rope_from_config(config, layer_type, seq_len);
        check_rope(r);
      });
      if (ok && (layer_type == "no_such_layer_type" || seq_len < 0)) failure("a bad layer type or seq_len passed");
    }
  }
  attempt([&] {
    const double scale = posenc::config_softmax_scale(config);
    if (!std::isfinite(scale) || !(scale > 0)) failure("softmax scale not finite > 0");
  });
  return 0;
}
