// config_softmax_scale for every model whose attention sets its own softmax scale, each case naming the
// transformers 5.17.0 modeling file and the statement that sets `self.scaling` there. The expected values
// are written out here from those statements (float64); posenc is never asked for one.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "posenc/model_config.hpp"
#include "test_support.hpp"

namespace {

double softmax(const std::string& json) { return posenc::config_softmax_scale(posenc::parse_json(json)); }

struct softmax_case {
  const char* source;  // the modeling file and its statement
  std::string config;
  double want;
};

// modeling_rope_utils.py's yarn get_mscale(scale, mscale) = 0.1 * mscale * ln(scale) + 1 (scale > 1).
double yarn_mscale(double scale, double mscale) { return 0.1 * mscale * std::log(scale) + 1.0; }

void expect_cases(const std::vector<softmax_case>& cases) {
  for (const auto& c : cases) {
    const double got = softmax(c.config);
    EXPECT_NEAR(got, c.want, 1e-15 * c.want) << c.source << "\n  config: " << c.config;
  }
}

// Granite's muP attention: the factor itself, not head_dim^-0.5. For {hidden 4096, heads 32} the head is 128
// wide, and 128^-0.5 = 0.0884 would be 11.3 times the model's 0.0078125.
TEST(SoftmaxScale, GraniteFamilyUsesAttentionMultiplier) {
  const std::string sizes = R"("hidden_size": 4096, "num_attention_heads": 32, )";
  const char* granite = "modular_granite.py GraniteAttention.__init__: self.scaling = config.attention_multiplier";
  const char* moe = "modular_granitemoe.py GraniteMoeAttention.__init__: self.scaling = config.attention_multiplier";
  const char* shared =
      "modular_granitemoeshared.py: GraniteMoeSharedDecoderLayer(GraniteMoeDecoderLayer), so "
      "GraniteMoeAttention's self.scaling = config.attention_multiplier";
  const char* hybrid =
      "modular_granitemoehybrid.py GraniteMoeHybridAttention(GraniteMoeSharedAttention): "
      "self.scaling = config.attention_multiplier";
  expect_cases({
      {granite, R"({"model_type": "granite", )" + sizes + R"("attention_multiplier": 0.0078125})", 0.0078125},
      {moe, R"({"model_type": "granitemoe", )" + sizes + R"("attention_multiplier": 0.015625})", 0.015625},
      {shared, R"({"model_type": "granitemoeshared", )" + sizes + R"("attention_multiplier": 0.015625})", 0.015625},
      {hybrid,
       R"({"model_type": "granitemoehybrid", "position_embedding_type": "rope", "num_hidden_layers": 2,
           "layer_types": ["mamba", "attention"], )" +
           sizes + R"("attention_multiplier": 0.0078125})",
       0.0078125},
      {"modular_granite_swa.py GraniteSWAAttention.__init__: self.scaling = config.attention_multiplier",
       R"({"model_type": "granite_swa", )" + sizes + R"("attention_multiplier": 0.0078125})", 0.0078125},
      {"modular_granitemoe_swa.py GraniteMoeSWAAttention(GraniteSWAAttention)",
       R"({"model_type": "granitemoe_swa", )" + sizes + R"("attention_multiplier": 0.015625})", 0.015625},
      // configuration_granite.py / _granitemoe.py: attention_multiplier: float = 1.0
      {granite, R"({"model_type": "granite", )" + sizes + R"("num_hidden_layers": 2})", 1.0},
      {moe, R"({"model_type": "granitemoe", )" + sizes + R"("num_hidden_layers": 2})", 1.0},
  });
}

TEST(SoftmaxScale, GraniteRefusesANullOrNonPositiveMultiplier) {
  for (const char* value : {"null", "0", "-0.5", "\"x\""}) {
    const std::string config = std::string(R"({"model_type": "granite", "attention_multiplier": )") + value + "}";
    EXPECT_TRUE(posenc_test::throws_invalid([&] { softmax(config); }, "config.attention_multiplier", "")) << config;
  }
}

// modular_hyperclovax.py: HyperCLOVAXAttention(GraniteAttention); HyperCLOVAXConfig.__post_init__ sets
// attention_multiplier = head_dim ** -0.5 when it is None, head_dim = hidden_size // num_attention_heads when
// that is None.
TEST(SoftmaxScale, HyperClovaXDefaultsToTheInverseRootOfItsHead) {
  const char* source = "modular_hyperclovax.py: GraniteAttention's self.scaling = config.attention_multiplier";
  expect_cases({
      {source, R"({"model_type": "hyperclovax", "hidden_size": 4096, "num_attention_heads": 32,
                   "attention_multiplier": 0.0078125})",
       0.0078125},
      {source, R"({"model_type": "hyperclovax", "hidden_size": 4096, "num_attention_heads": 32})",
       1 / std::sqrt(128.0)},
      {source, R"({"model_type": "hyperclovax", "hidden_size": 4096, "num_attention_heads": 32,
                   "attention_multiplier": null, "head_dim": 96})",
       1 / std::sqrt(96.0)},
  });
}

// The other classes whose `self.scaling` is not head_dim ** -0.5.
TEST(SoftmaxScale, EveryOtherClassWithItsOwnScale) {
  expect_cases({
      {"modeling_gemma2.py Gemma2Attention: self.scaling = config.query_pre_attn_scalar**-0.5",
       R"({"model_type": "gemma2", "head_dim": 128, "query_pre_attn_scalar": 144})", 1 / 12.0},
      {"modeling_gemma3.py Gemma3Attention: self.scaling = config.query_pre_attn_scalar**-0.5 (default 256)",
       R"({"model_type": "gemma3_text"})", 1 / 16.0},
      {"modeling_t5gemma.py T5GemmaSelfAttention: self.scaling = config.query_pre_attn_scalar**-0.5",
       R"({"model_type": "t5gemma", "decoder": {"query_pre_attn_scalar": 100}})", 0.1},
      {"modeling_gemma3n.py Gemma3nTextAttention: self.scaling = 1.0", R"({"model_type": "gemma3n_text"})", 1.0},
      {"modeling_gemma4.py Gemma4TextAttention: self.scaling = 1.0", R"({"model_type": "gemma4_text"})", 1.0},
      {"modeling_dia.py DiaSelfAttention: self.scaling = 1", R"({"model_type": "dia_decoder"})", 1.0},
      {"modeling_deepseek_v2.py DeepseekV2Attention: self.scaling = self.qk_head_dim ** (-0.5)",
       R"({"model_type": "deepseek_v2", "qk_nope_head_dim": 128, "qk_rope_head_dim": 64})", 1 / std::sqrt(192.0)},
      {"modeling_deepseek_v3.py DeepseekV3Attention: self.scaling = self.qk_head_dim ** (-0.5), times "
       "mscale * mscale with mscale = yarn_get_mscale(factor, mscale_all_dim)",
       R"({"model_type": "deepseek_v3", "rope_scaling": {"type": "yarn", "factor": 40,
           "original_max_position_embeddings": 4096, "mscale_all_dim": 1.0, "mscale": 1.0}})",
       yarn_mscale(40, 1.0) * yarn_mscale(40, 1.0) / std::sqrt(192.0)},
  });
}

// The MLA classes' own qk_nope_head_dim and qk_rope_head_dim defaults (as transformers 5.17.0 saves the default
// configs, tests/oracles), for a config that states neither: qk_head_dim = nope + rope.
TEST(SoftmaxScale, MlaClassDefaultsGiveTheHeadWidth) {
  const char* deepseek_v3 = "DeepseekV3Attention: self.scaling = self.qk_head_dim ** (-0.5)";
  expect_cases({
      {"modular_minicpm3.py MiniCPM3Attention(DeepseekV2Attention): self.scaling = self.qk_head_dim ** (-0.5); "
       "MiniCPM3Config: qk_nope_head_dim 64, qk_rope_head_dim 32",
       R"({"model_type": "minicpm3"})", 1 / std::sqrt(96.0)},
      {deepseek_v3, R"({"model_type": "glm4_moe_lite"})", 1 / 16.0},  // configuration_glm4_moe_lite.py: 192 + 64
      {deepseek_v3, R"({"model_type": "glm_moe_dsa"})", 1 / 16.0},    // configuration_glm_moe_dsa.py: 192 + 64
      {deepseek_v3, R"({"model_type": "hy_v4"})", 1 / 16.0},          // configuration_hy_v4.py: 192 + 64
      {deepseek_v3, R"({"model_type": "deepseek_v3"})", 1 / std::sqrt(192.0)},  // 128 + 64
  });
}

}  // namespace
