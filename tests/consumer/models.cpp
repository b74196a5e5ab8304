// A program that uses the installed posenc::models: the RoPE of a small Llama 3 config.json, checked
// against theta_i = base^(-2i/d) written out here.
#include <cmath>
#include <cstdio>
#include <exception>

#include <posenc/model_config.hpp>

int main() {
  const char* config = R"({"model_type": "llama", "hidden_size": 2048, "num_attention_heads": 16,
                           "rope_theta": 500000, "max_position_embeddings": 8192})";
  try {
    const posenc::model_rope rope = posenc::rope_from_config(posenc::parse_json(config));
    if (rope.head_dim != 128 || rope.frequencies.size() != 64) {
      std::fprintf(stderr, "FAIL: head_dim %zu with %zu frequencies, want 128 with 64\n", rope.head_dim,
                   rope.frequencies.size());
      return 1;
    }
    for (std::size_t i = 0; i < rope.frequencies.size(); ++i) {
      const double want = std::pow(500000.0, -2.0 * double(i) / 128.0);
      if (std::fabs(rope.frequencies[i] - want) > 1e-12 * want) {
        std::fprintf(stderr, "FAIL: frequency %zu is %.17g, want %.17g\n", i, rope.frequencies[i], want);
        return 1;
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL: rope_from_config threw: %s\n", e.what());
    return 1;
  }
  std::printf("posenc::models, installed package: a Llama config's RoPE read\n");
  return 0;
}
