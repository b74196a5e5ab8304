// rope_from_config / config_layer_types / config_softmax_scale against transformers main's rules,
// on real config.json files (snippets below cite their Hugging Face repository; whole files in
// tests/configs, see SOURCES.md there). Every expected frequency and factor is computed here, in
// float64, from the formulas of transformers' modeling_rope_utils.py and the models' modeling
// files; posenc is never asked for an expected value. Budget: 1e-12 relative per value.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "hf_reference.hpp"
#include "note_text.hpp"
#include "posenc/model_config.hpp"
#include "test_support.hpp"

namespace {

using posenc::layout;
using posenc::model_rope;
using posenc_test::throws_invalid;

constexpr double kRelative = 1e-12;

// ------------------------------------------------------------ independent references (float64)

using namespace hf_reference;  // inv_default, inv_linear, inv_dynamic, inv_llama3, inv_yarn, ...

// ------------------------------------------------------------ helpers

model_rope rope(const std::string& json, const std::string& layer_type = "", std::int64_t seq_len = 0) {
  return posenc::rope_from_config(posenc::parse_json(json), layer_type, seq_len);
}

std::vector<std::string> layer_types(const std::string& json) {
  return posenc::config_layer_types(posenc::parse_json(json));
}

double softmax(const std::string& json) { return posenc::config_softmax_scale(posenc::parse_json(json)); }

// A config rope() refuses with an error naming `param` whose text holds `value`.
::testing::AssertionResult rejects(const std::string& json, const char* param, const std::string& value) {
  return throws_invalid([&] { rope(json); }, param, value);
}

::testing::AssertionResult close(double got, double want) {
  const double scale = std::max(std::fabs(want), 1e-300);
  if (std::fabs(got - want) <= kRelative * scale) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << got << ", want " << want;
}

::testing::AssertionResult close(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) {
    return ::testing::AssertionFailure() << got.size() << " frequencies, want " << want.size();
  }
  for (std::size_t i = 0; i < got.size(); ++i) {
    const bool ok = want[i] == 0 ? got[i] == 0 : std::fabs(got[i] - want[i]) <= kRelative * std::fabs(want[i]);
    if (!ok) return ::testing::AssertionFailure() << "theta[" << i << "] = " << got[i] << ", want " << want[i];
  }
  return ::testing::AssertionSuccess();
}

// A JSON list and the same numbers, for longrope factors: a + b * i.
std::vector<double> ramp(std::size_t n, double a, double b) {
  std::vector<double> v;
  for (std::size_t i = 0; i < n; ++i) v.push_back(a + b * double(i));
  return v;
}

std::string json_list(const std::vector<double>& v) {
  std::ostringstream s;
  s.precision(17);
  s << "[";
  for (std::size_t i = 0; i < v.size(); ++i) s << (i ? ", " : "") << v[i];
  return s.str() + "]";
}

// ------------------------------------------------------------ real configs (RoPE-relevant fields)

// meta-llama/Llama-3.1-8B-Instruct, config.json.
const char* const llama31 = R"json({
  "architectures": ["LlamaForCausalLM"], "hidden_size": 4096, "intermediate_size": 14336,
  "max_position_embeddings": 131072, "model_type": "llama", "num_attention_heads": 32,
  "num_hidden_layers": 32, "num_key_value_heads": 8,
  "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                   "original_max_position_embeddings": 8192, "rope_type": "llama3"},
  "rope_theta": 500000.0, "vocab_size": 128256})json";

// Qwen/Qwen2.5-7B-Instruct, config.json, with the YaRN block its model card says to add.
const char* const qwen25_yarn = R"json({
  "architectures": ["Qwen2ForCausalLM"], "hidden_size": 3584, "max_position_embeddings": 32768,
  "max_window_layers": 28, "model_type": "qwen2", "num_attention_heads": 28, "num_key_value_heads": 4,
  "rope_theta": 1000000.0, "sliding_window": 131072, "use_sliding_window": false,
  "rope_scaling": {"factor": 4.0, "original_max_position_embeddings": 32768, "type": "yarn"}})json";

// openai/gpt-oss-20b, config.json (24 layer types, alternating).
const char* const gpt_oss = R"json({
  "head_dim": 64, "hidden_size": 2880, "layer_types": ["sliding_attention", "full_attention",
  "sliding_attention", "full_attention"], "max_position_embeddings": 131072, "model_type": "gpt_oss",
  "num_attention_heads": 64, "num_hidden_layers": 4, "num_key_value_heads": 8,
  "rope_scaling": {"beta_fast": 32.0, "beta_slow": 1.0, "factor": 32.0, "original_max_position_embeddings": 4096,
                   "rope_type": "yarn", "truncate": false},
  "rope_theta": 150000, "sliding_window": 128})json";

// deepseek-ai/DeepSeek-V3, config.json.
const char* const deepseek_v3 = R"json({
  "architectures": ["DeepseekV3ForCausalLM"], "hidden_size": 7168, "kv_lora_rank": 512,
  "max_position_embeddings": 163840, "model_type": "deepseek_v3", "num_attention_heads": 128,
  "q_lora_rank": 1536, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128,
  "rope_scaling": {"beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0,
                   "original_max_position_embeddings": 4096, "type": "yarn"},
  "rope_theta": 10000})json";

// google/gemma-3-4b-it, config.json: its text_config is sparse (Gemma3TextConfig defaults:
// 8 heads, head_dim 256, rope_theta 1e6, rope_local_base_freq 1e4).
const char* const gemma3_4b = R"json({
  "architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3",
  "text_config": {"hidden_size": 2560, "intermediate_size": 10240, "model_type": "gemma3_text",
                  "num_hidden_layers": 34, "rope_scaling": {"factor": 8.0, "rope_type": "linear"},
                  "sliding_window": 1024}})json";

// google/gemma-3-1b-it, config.json (text only).
const char* const gemma3_1b = R"json({
  "architectures": ["Gemma3ForCausalLM"], "head_dim": 256, "hidden_size": 1152,
  "max_position_embeddings": 32768, "model_type": "gemma3_text", "num_attention_heads": 4,
  "num_hidden_layers": 26, "query_pre_attn_scalar": 256, "rope_local_base_freq": 10000,
  "rope_scaling": null, "rope_theta": 1000000, "sliding_window": 512, "sliding_window_pattern": 6})json";

// google/gemma-4-31B-it's text_config (RoPE fields), as transformers 5.7 prints it.
const char* const gemma4 = R"json({
  "model_type": "gemma4",
  "text_config": {"model_type": "gemma4_text", "hidden_size": 5376, "num_attention_heads": 32,
                  "head_dim": 256, "global_head_dim": 512, "max_position_embeddings": 262144,
                  "rope_parameters": {"full_attention": {"partial_rotary_factor": 0.25, "rope_theta": 1000000.0,
                                                         "rope_type": "proportional"},
                                      "sliding_attention": {"rope_theta": 10000.0, "rope_type": "default"}}}})json";

// Qwen/Qwen2.5-VL-7B-Instruct, config.json (flat: no text_config).
const char* const qwen25_vl = R"json({
  "architectures": ["Qwen2_5_VLForConditionalGeneration"], "hidden_size": 3584,
  "max_position_embeddings": 128000, "model_type": "qwen2_5_vl", "num_attention_heads": 28,
  "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]}, "rope_theta": 1000000.0})json";

// Qwen/Qwen3-VL-8B-Instruct, config.json: the text model's fields nest in text_config.
const char* const qwen3_vl = R"json({
  "architectures": ["Qwen3VLForConditionalGeneration"], "model_type": "qwen3_vl",
  "text_config": {"head_dim": 128, "hidden_size": 4096, "max_position_embeddings": 262144,
                  "model_type": "qwen3_vl_text", "num_attention_heads": 32,
                  "rope_scaling": {"mrope_interleaved": true, "mrope_section": [24, 20, 20], "rope_type": "default"},
                  "rope_theta": 5000000}})json";

// microsoft/phi-2, config.json.
const char* const phi2 = R"json({
  "architectures": ["PhiForCausalLM"], "hidden_size": 2560, "max_position_embeddings": 2048,
  "model_type": "phi", "num_attention_heads": 32, "partial_rotary_factor": 0.4,
  "rope_scaling": null, "rope_theta": 10000.0})json";

// EleutherAI/pythia-410m, config.json.
const char* const pythia = R"json({
  "architectures": ["GPTNeoXForCausalLM"], "hidden_size": 1024, "max_position_embeddings": 2048,
  "model_type": "gpt_neox", "num_attention_heads": 16, "rotary_emb_base": 10000, "rotary_pct": 0.25})json";

// EleutherAI/gpt-j-6b, config.json.
const char* const gptj = R"json({
  "architectures": ["GPTJForCausalLM"], "model_type": "gptj", "n_embd": 4096, "n_head": 16,
  "n_positions": 2048, "rotary_dim": 64})json";

// microsoft/Phi-3-mini-128k-instruct's shape: longrope with 48 factors each, the original length
// at the top level (the factor values here are made up; the test computes with the same ones).
std::string phi3_128k(const std::string& type = "longrope", const std::string& extra = "",
                      const std::string& top = R"("original_max_position_embeddings": 4096,)") {
  return R"({"model_type": "phi3", "hidden_size": 3072, "num_attention_heads": 32,
             "max_position_embeddings": 131072, )" +
         top + R"( "rope_theta": 10000.0,
             "rope_scaling": {"type": ")" +
         type + R"(", "short_factor": )" + json_list(ramp(48, 1.0, 0.01)) + R"(, "long_factor": )" +
         json_list(ramp(48, 1.0, 0.5)) + extra + "}}";
}

// ------------------------------------------------------------ tests

TEST(ModelConfig, Llama31UsesLlama3Scaling) {
  const model_rope r = rope(llama31);
  EXPECT_EQ(r.layer_types, std::vector<std::string>{"full_attention"});
  EXPECT_EQ(r.layer_type, "full_attention");
  EXPECT_EQ(r.model_type, "llama");
  EXPECT_EQ(r.rope_type, "llama3");
  EXPECT_EQ(r.head_dim, 128u);
  EXPECT_EQ(r.rotary_dim, 128u);
  EXPECT_EQ(r.base, 500000.0);
  EXPECT_EQ(r.pairs, layout::half);
  EXPECT_TRUE(close(r.frequencies, inv_llama3(128, 500000.0, 8, 1, 4, 8192)));
  EXPECT_EQ(r.attention_factor, 1.0);
  EXPECT_EQ(r.scaling.type, posenc::rope_type::llama3);
  EXPECT_EQ(r.scaling.factor, 8.0);
  EXPECT_EQ(r.scaling.original_max_position_embeddings, 8192.0);
  EXPECT_EQ(r.max_position_embeddings, 131072.0);
  EXPECT_EQ(r.original_max_position_embeddings, 8192.0);
  EXPECT_FALSE(r.partial_rotary_factor.has_value());
  EXPECT_TRUE(r.sections.empty());
}

TEST(ModelConfig, ClassDefaultsWhenTheConfigHasNoRopeFields) {
  // meta-llama/Llama-2-7b-hf has no rope_theta: LlamaConfig's default_theta 10000.
  const model_rope llama2 = rope(R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
                                     "max_position_embeddings": 4096, "rope_scaling": null})");
  EXPECT_EQ(llama2.rope_type, "default");
  EXPECT_EQ(llama2.base, 10000.0);
  EXPECT_TRUE(close(llama2.frequencies, inv_default(128, 10000.0)));
  // No field at all: LlamaConfig's 4096 / 32 heads.
  EXPECT_TRUE(close(rope(R"({"model_type": "llama"})").frequencies, inv_default(128, 10000.0)));
  // Qwen2VLTextConfig.default_theta 1e6, Qwen3VLTextConfig 5e5 (and its head_dim 128).
  EXPECT_EQ(rope(R"({"model_type": "qwen2_vl", "hidden_size": 1536, "num_attention_heads": 12})").base, 1e6);
  const model_rope qwen3vl = rope(R"({"model_type": "qwen3_vl"})");  // no text_config: Qwen3VLTextConfig()
  EXPECT_EQ(qwen3vl.base, 5e5);
  EXPECT_EQ(qwen3vl.head_dim, 128u);
  // GptOssConfig's default rope_parameters: yarn, factor 32, original 4096, no truncation.
  const model_rope oss = rope(R"({"model_type": "gpt_oss"})");
  EXPECT_EQ(oss.rope_type, "yarn");
  EXPECT_EQ(oss.base, 150000.0);
  EXPECT_TRUE(close(oss.frequencies, inv_yarn(64, 150000.0, 32, 4096, false)));
  // An unknown model type reads as Llama, but has no class defaults for its sizes.
  EXPECT_TRUE(close(rope(R"({"hidden_size": 256, "num_attention_heads": 4})").frequencies, inv_default(64, 1e4)));
  EXPECT_TRUE(rejects("{}", "config.hidden_size", "undefined"));
}

TEST(ModelConfig, TypeOrRopeTypeKey) {
  const std::string head = R"({"model_type": "llama", "hidden_size": 2048, "num_attention_heads": 16, )";
  const auto want = inv_linear(128, 1e4, 4);
  EXPECT_TRUE(close(rope(head + R"("rope_scaling": {"type": "linear", "factor": 4}})").frequencies, want));
  EXPECT_TRUE(close(rope(head + R"("rope_scaling": {"rope_type": "linear", "factor": 4}})").frequencies, want));
  // Both: rope_type wins (setdefault("rope_type", get("type"))).
  const model_rope both = rope(head + R"("rope_scaling": {"rope_type": "linear", "type": "dynamic", "factor": 4}})");
  EXPECT_EQ(both.rope_type, "linear");
}

TEST(ModelConfig, RopeScalingOrRopeParameters) {
  const std::string head = R"({"model_type": "llama", "hidden_size": 2048, "num_attention_heads": 16, )";
  // The transformers 5 form: rope_parameters, with rope_theta inside.
  const model_rope v5 = rope(head + R"("rope_parameters": {"rope_type": "linear", "factor": 2, "rope_theta": 1e6}})");
  EXPECT_TRUE(close(v5.frequencies, inv_linear(128, 1e6, 2)));
  // "rope_scaling or self.rope_parameters": a non-empty rope_scaling wins, an empty one does not.
  const std::string v5_dict = R"("rope_parameters": {"rope_type": "linear", "factor": 2, "rope_theta": 1e6})";
  const std::string three = R"("rope_scaling": {"rope_type": "linear", "factor": 3}, )";
  EXPECT_EQ(rope(head + three + v5_dict + "}").scaling.factor, 3.0);
  EXPECT_EQ(rope(head + R"("rope_scaling": {}, )" + v5_dict + "}").scaling.factor, 2.0);
  EXPECT_EQ(rope(head + R"("rope_scaling": null, )" + v5_dict + "}").scaling.factor, 2.0);
}

TEST(ModelConfig, RopeThetaInsideWinsOverTopLevel) {
  const std::string head = R"({"model_type": "llama", "hidden_size": 2048, "num_attention_heads": 16, )";
  // convert_rope_params_to_dict: rope_parameters.setdefault("rope_theta", config.rope_theta).
  EXPECT_EQ(rope(head + R"("rope_theta": 5e5, "rope_parameters": {"rope_type": "default", "rope_theta": 1e6}})").base,
            1e6);
  EXPECT_EQ(rope(head + R"("rope_theta": 5e5, "rope_parameters": {"rope_type": "default"}})").base, 5e5);
  EXPECT_EQ(rope(head + R"("rope_theta": 5e5})").base, 5e5);
  // GPTNeoXConfig reads rotary_emb_base; a top-level rope_theta is not its field.
  EXPECT_EQ(rope(R"({"model_type": "gpt_neox", "hidden_size": 1024, "num_attention_heads": 16,
                    "rotary_emb_base": 20000, "rope_theta": 5e5})")
                .base,
            20000.0);
}

TEST(ModelConfig, HeadDimOrHiddenSizeOverHeads) {
  const std::string head = R"({"model_type": "llama", "hidden_size": 2048, "num_attention_heads": 32, )";
  EXPECT_EQ(rope(head + R"("head_dim": 96})").head_dim, 96u);
  EXPECT_TRUE(close(rope(head + R"("head_dim": 96})").frequencies, inv_default(96, 1e4)));
  EXPECT_EQ(rope(head + R"("head_dim": null})").head_dim, 64u);  // `head_dim or hidden // heads`
  EXPECT_EQ(rope(head + R"("rope_theta": 1e4})").head_dim, 64u);
  EXPECT_EQ(rope(R"({"model_type": "qwen3", "hidden_size": 2048, "num_attention_heads": 16})").head_dim, 128u);
  // hidden_size // num_attention_heads rounds down.
  EXPECT_EQ(rope(R"({"model_type": "llama", "hidden_size": 4097, "num_attention_heads": 32})").head_dim, 128u);
}

TEST(ModelConfig, PartialRotaryFactorIgnoredByDefaultRopeOfLlamaLikeModels) {
  // Llama, Mistral, Qwen2, gpt-oss and DeepSeek compute "default" over the whole head dim.
  for (const char* type : {"llama", "mistral", "qwen2", "gpt_oss", "deepseek_v3"}) {
    const model_rope r = rope(std::string(R"({"model_type": ")") + type + R"(", "hidden_size": 4096,
      "num_attention_heads": 32, "head_dim": 128, "qk_rope_head_dim": 128, "partial_rotary_factor": 0.5,
      "rope_theta": 1e4,
      "rope_scaling": {"rope_type": "default"}})");
    EXPECT_EQ(r.rotary_dim, 128u) << type;
    EXPECT_FALSE(r.partial_rotary_factor.has_value()) << type;
    EXPECT_TRUE(close(r.frequencies, inv_default(128, 1e4))) << type;
  }
  // ... but every function of ROPE_INIT_FUNCTIONS reads it, from the top level or the dict.
  const std::string head = R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
                               "max_position_embeddings": 32768, )";
  const std::string yarn = R"("rope_type": "yarn", "factor": 4, "original_max_position_embeddings": 8192)";
  const model_rope top = rope(head + R"("partial_rotary_factor": 0.5, "rope_scaling": {)" + yarn + "}}");
  EXPECT_EQ(top.rotary_dim, 64u);
  EXPECT_EQ(top.partial_rotary_factor, 0.5);
  EXPECT_TRUE(close(top.frequencies, inv_yarn(64, 1e4, 4, 8192, true)));
  EXPECT_EQ(rope(head + R"("rope_scaling": {"partial_rotary_factor": 0.25, )" + yarn + "}}").rotary_dim, 32u);
  // Both: the top level wins once it is an attribute (the init function re-standardises).
  EXPECT_EQ(
      rope(head + R"("partial_rotary_factor": 0.5, "rope_scaling": {"partial_rotary_factor": 0.25, )" + yarn + "}}")
          .rotary_dim,
      64u);
}

TEST(ModelConfig, PartialRotaryFactorHonouredByPhiPhi3AndGptNeoX) {
  // microsoft/phi-2: head 80, partial 0.4 -> 32 rotary features.
  const model_rope p2 = rope(phi2);
  EXPECT_EQ(p2.head_dim, 80u);
  EXPECT_EQ(p2.rotary_dim, 32u);
  EXPECT_EQ(p2.partial_rotary_factor, 0.4);
  EXPECT_TRUE(close(p2.frequencies, inv_default(32, 1e4)));
  // PhiConfig: kwargs.setdefault("partial_rotary_factor", 0.5). Into the dict by setdefault (the
  // dict's wins for "default"); an attribute afterwards (it wins for the scaled types).
  EXPECT_EQ(rope(R"({"model_type": "phi", "hidden_size": 2048, "num_attention_heads": 32})").rotary_dim, 32u);
  EXPECT_EQ(rope(R"({"model_type": "phi", "hidden_size": 2560, "num_attention_heads": 32, "partial_rotary_factor": 0.4,
                    "rope_parameters": {"rope_type": "default", "partial_rotary_factor": 0.8}})")
                .rotary_dim,
            64u);
  const std::string phi_linear = R"({"model_type": "phi", "hidden_size": 2560, "num_attention_heads": 32,
    "rope_parameters": {"rope_type": "linear", "factor": 2, "partial_rotary_factor": 0.8}})";
  EXPECT_EQ(rope(phi_linear).rotary_dim, 40u);
  // Phi-3 (Phi-4-mini's shape: head 128, partial 0.75 -> 96).
  const model_rope p3 = rope(R"({"model_type": "phi3", "hidden_size": 3072, "num_attention_heads": 24,
                                 "partial_rotary_factor": 0.75, "rope_theta": 10000.0})");
  EXPECT_EQ(p3.rotary_dim, 96u);
  EXPECT_TRUE(close(p3.frequencies, inv_default(96, 1e4)));
  // Phi3Config: rope_parameters.setdefault("partial_rotary_factor", ...): for "default" the dict's wins.
  EXPECT_EQ(rope(R"({"model_type": "phi3", "hidden_size": 3072, "num_attention_heads": 24,
                    "partial_rotary_factor": 0.75,
                    "rope_parameters": {"rope_type": "default", "partial_rotary_factor": 0.5}})")
                .rotary_dim,
            64u);
  // EleutherAI/pythia-410m: rotary_pct 0.25 of a 64-wide head.
  const model_rope neox = rope(pythia);
  EXPECT_EQ(neox.rotary_dim, 16u);
  EXPECT_TRUE(close(neox.frequencies, inv_default(16, 1e4)));
  EXPECT_EQ(rope(R"({"model_type": "gpt_neox", "hidden_size": 1024, "num_attention_heads": 16})").rotary_dim, 16u);
  // GPTNeoXConfig: setdefault("partial_rotary_factor", rotary_pct): the dict's wins.
  EXPECT_EQ(rope(R"({"model_type": "gpt_neox", "hidden_size": 1024, "num_attention_heads": 16, "rotary_pct": 0.25,
                    "rope_scaling": {"type": "linear", "factor": 2, "partial_rotary_factor": 0.5}})")
                .rotary_dim,
            32u);
}

TEST(ModelConfig, GptJRotaryDimInterleaved) {
  const model_rope r = rope(gptj);
  EXPECT_EQ(r.head_dim, 256u);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_EQ(r.base, 10000.0);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 1e4)));
  // GPT-J has its own rotary code: rope_theta and rope_scaling are not read.
  const model_rope ignored = rope(R"({"model_type": "gptj", "n_embd": 4096, "n_head": 16, "rope_theta": 5e5,
                                      "rope_scaling": {"type": "linear", "factor": 4}})");
  EXPECT_TRUE(close(ignored.frequencies, inv_default(64, 1e4)));
  EXPECT_EQ(ignored.rope_type, "default");
  EXPECT_TRUE(rejects(R"({"model_type": "gptj", "rotary_dim": 300})", "config.rotary_dim", "300"));
  // n_embd is GPT-J's hidden_size (attribute_map); given both, the standard name wins, as it is set last
  EXPECT_EQ(rope(R"({"model_type": "gptj", "n_embd": 256, "hidden_size": 512, "n_head": 2})").head_dim, 256u);
  EXPECT_EQ(rope(R"({"model_type": "gptj", "n_embd": 256, "n_head": 2})").head_dim, 128u);
}

TEST(ModelConfig, DeepSeekV3RopeOnQkRopeHeadDimInterleaved) {
  const model_rope r = rope(deepseek_v3);
  EXPECT_EQ(r.head_dim, 64u);  // qk_rope_head_dim, not 7168 / 128
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_EQ(r.pairs, layout::interleaved_to_half);  // rope_interleave: pairs in, halves out
  EXPECT_EQ(r.rope_type, "yarn");
  EXPECT_TRUE(close(r.frequencies, inv_yarn(64, 1e4, 40, 4096, true)));
  // mscale == mscale_all_dim: get_mscale(40, 1) / get_mscale(40, 1).
  EXPECT_TRUE(close(r.attention_factor, 1.0));
  EXPECT_EQ(r.scaling.mscale, 1.0);
  // The softmax carries the mscale instead: qk_head_dim^-0.5 * get_mscale(40, 1)^2.
  EXPECT_TRUE(close(softmax(deepseek_v3), 1 / std::sqrt(192.0) * get_mscale(40) * get_mscale(40)));
  std::string half = deepseek_v3;
  half.insert(1, R"("rope_interleave": false, )");
  EXPECT_EQ(rope(half).pairs, layout::half);
}

TEST(ModelConfig, YarnQwenAndGptOss) {
  const model_rope q = rope(qwen25_yarn);
  EXPECT_EQ(q.head_dim, 128u);
  EXPECT_TRUE(close(q.frequencies, inv_yarn(128, 1e6, 4, 32768, true)));
  EXPECT_TRUE(close(q.attention_factor, 0.1 * std::log(4.0) + 1));
  EXPECT_FALSE(q.truncate.has_value());
  EXPECT_TRUE(q.scaling.truncate);
  // gpt-oss: truncate false, and one RoPE although the layers are of two kinds.
  const model_rope o = rope(gpt_oss);
  EXPECT_EQ(o.layer_types, std::vector<std::string>{"full_attention"});
  EXPECT_EQ(o.truncate, false);
  EXPECT_FALSE(o.scaling.truncate);
  EXPECT_TRUE(close(o.frequencies, inv_yarn(64, 150000.0, 32, 4096, false)));
  EXPECT_TRUE(close(o.attention_factor, 0.1 * std::log(32.0) + 1));
  // beta_fast 0 / null: `get("beta_fast") or 32`.
  const std::string zero_beta = R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
    "rope_scaling": {"rope_type": "yarn", "factor": 4, "original_max_position_embeddings": 2048, "beta_fast": 0,
                     "beta_slow": null}})";
  EXPECT_TRUE(close(rope(zero_beta).frequencies, inv_yarn(128, 1e4, 4, 2048, true, 32, 1)));
}

TEST(ModelConfig, YarnNullFactorIsDerivedFromTheLengths) {
  // _compute_yarn_parameters: factor None -> max_position_embeddings / original.
  const std::string cfg = R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
    "max_position_embeddings": 131072, "rope_theta": 500000.0,
    "rope_scaling": {"rope_type": "yarn", "factor": null, "original_max_position_embeddings": 4096}})";
  const model_rope r = rope(cfg);
  EXPECT_TRUE(close(r.frequencies, inv_yarn(128, 5e5, 32, 4096, true)));
  EXPECT_TRUE(close(r.attention_factor, 0.1 * std::log(32.0) + 1));
  // The core, directly: no factor, both lengths.
  posenc::rope_scaling s;
  s.type = posenc::rope_type::yarn;
  s.max_position_embeddings = 131072;
  s.original_max_position_embeddings = 4096;
  EXPECT_TRUE(close(posenc::rope_frequencies(128, 5e5, s), inv_yarn(128, 5e5, 32, 4096, true)));
  EXPECT_TRUE(close(posenc::rope_attention_factor(s), 0.1 * std::log(32.0) + 1));
  // A missing factor key is a KeyError in transformers: refused.
  EXPECT_TRUE(rejects(R"({"model_type": "llama", "rope_scaling": {"rope_type": "yarn"}})", "config.rope_scaling.factor",
                      "undefined"));
}

TEST(ModelConfig, Phi3LongRope) {
  const auto short_f = ramp(48, 1.0, 0.01), long_f = ramp(48, 1.0, 0.5);
  const model_rope r = rope(phi3_128k());
  EXPECT_EQ(r.rope_type, "longrope");
  EXPECT_EQ(r.head_dim, 96u);
  EXPECT_TRUE(close(r.frequencies, inv_longrope(96, 1e4, short_f)));
  EXPECT_TRUE(close(rope(phi3_128k(), "", 4096).frequencies, inv_longrope(96, 1e4, short_f)));
  EXPECT_TRUE(close(rope(phi3_128k(), "", 4097).frequencies, inv_longrope(96, 1e4, long_f)));
  // No factor: max_position_embeddings / original = 32, for the attention factor at any length.
  EXPECT_TRUE(close(r.attention_factor, longrope_attention(32, 4096)));
  EXPECT_TRUE(close(rope(phi3_128k(), "", 100000).attention_factor, longrope_attention(32, 4096)));
  // Phi3Config reads the old names "su" and "yarn" as longrope.
  EXPECT_EQ(rope(phi3_128k("su")).rope_type, "longrope");
  EXPECT_TRUE(close(rope(phi3_128k("yarn"), "", 5000).frequencies, inv_longrope(96, 1e4, long_f)));
  // An explicit factor wins over the ratio (transformers >= 4.57).
  EXPECT_TRUE(close(rope(phi3_128k("longrope", R"(, "factor": 16)")).attention_factor, longrope_attention(16, 4096)));
  EXPECT_TRUE(close(rope(phi3_128k("longrope", R"(, "attention_factor": 1.25)")).attention_factor, 1.25));
  // The core, directly: factor, max and original all given.
  posenc::rope_scaling s;
  s.type = posenc::rope_type::longrope;
  s.short_factor = short_f;
  s.long_factor = long_f;
  s.factor = 16;
  s.max_position_embeddings = 131072;
  s.original_max_position_embeddings = 4096;
  EXPECT_TRUE(close(posenc::rope_attention_factor(s), longrope_attention(16, 4096)));
  s.factor.reset();
  EXPECT_TRUE(close(posenc::rope_attention_factor(s), longrope_attention(32, 4096)));
  // Phi3Config.validate_rope: only default and longrope.
  EXPECT_TRUE(rejects(R"({"model_type": "phi3", "rope_scaling": {"type": "linear", "factor": 2}})",
                      "config.rope_scaling.type", "'linear'"));
}

TEST(ModelConfig, OriginalMaxPositionEmbeddingsPrecedence) {
  const auto short_f = ramp(48, 1.0, 0.01), long_f = ramp(48, 1.0, 0.5);
  // Phi-3: the top-level value wins over the dict's (seq_len 5000 > 4096 selects the long factors).
  const std::string inside = R"(, "original_max_position_embeddings": 8192)";
  EXPECT_TRUE(close(rope(phi3_128k("longrope", inside), "", 5000).frequencies, inv_longrope(96, 1e4, long_f)));
  EXPECT_EQ(rope(phi3_128k("longrope", inside)).original_max_position_embeddings, 4096.0);
  // Phi3Config always has the attribute (default 4096), even when config.json leaves it out.
  EXPECT_TRUE(close(rope(phi3_128k("longrope", inside, ""), "", 5000).frequencies, inv_longrope(96, 1e4, long_f)));
  // Llama: the top level wins once config.json's keys are attributes; else the dict's; else
  // max_position_embeddings.
  const std::string head = R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
                               "max_position_embeddings": 65536, )";
  const std::string yarn =
      R"("rope_scaling": {"rope_type": "yarn", "factor": 8, "original_max_position_embeddings": 8192})";
  EXPECT_TRUE(close(rope(head + R"("original_max_position_embeddings": 2048, )" + yarn + "}").frequencies,
                    inv_yarn(128, 1e4, 8, 2048, true)));
  EXPECT_TRUE(close(rope(head + yarn + "}").frequencies, inv_yarn(128, 1e4, 8, 8192, true)));
  EXPECT_TRUE(close(rope(head + R"("rope_scaling": {"rope_type": "yarn", "factor": 8}})").frequencies,
                    inv_yarn(128, 1e4, 8, 65536, true)));
}

TEST(ModelConfig, DynamicFollowsTheSequenceLength) {
  const std::string cfg = R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
    "max_position_embeddings": 4096, "rope_scaling": {"type": "dynamic", "factor": 2.0}})";
  EXPECT_TRUE(close(rope(cfg).frequencies, inv_default(128, 1e4)));
  EXPECT_TRUE(close(rope(cfg, "", 4096).frequencies, inv_default(128, 1e4)));
  EXPECT_TRUE(close(rope(cfg, "", 10000).frequencies, inv_dynamic(128, 1e4, 2, 4096, 10000)));
  EXPECT_EQ(rope(cfg, "", 10000).seq_len, 10000);
}

TEST(ModelConfig, Gemma3SlidingAndFullLayers) {
  const auto types = layer_types(gemma3_4b);
  EXPECT_EQ(types, (std::vector<std::string>{"sliding_attention", "full_attention"}));
  EXPECT_EQ(rope(gemma3_4b).layer_type, "full_attention");  // the default when the model has it
  const model_rope sliding = rope(gemma3_4b, "sliding_attention");
  EXPECT_EQ(sliding.layer_type, "sliding_attention");
  EXPECT_EQ(sliding.model_type, "gemma3");
  EXPECT_EQ(sliding.rope_type, "default");
  EXPECT_EQ(sliding.head_dim, 256u);
  EXPECT_EQ(sliding.base, 1e4);  // rope_local_base_freq default
  EXPECT_TRUE(close(sliding.frequencies, inv_default(256, 1e4)));
  const model_rope full = rope(gemma3_4b, "full_attention");
  EXPECT_EQ(full.rope_type, "linear");  // rope_scaling goes to the full-attention layers only
  EXPECT_EQ(full.base, 1e6);
  EXPECT_TRUE(close(full.frequencies, inv_linear(256, 1e6, 8)));
  // gemma-3-1b: no scaling, explicit bases.
  EXPECT_TRUE(close(rope(gemma3_1b, "sliding_attention").frequencies, inv_default(256, 1e4)));
  EXPECT_TRUE(close(rope(gemma3_1b, "full_attention").frequencies, inv_default(256, 1e6)));
  // The transformers 5 form: rope_parameters by layer type (keys in any order).
  const std::string v5 = R"({"model_type": "gemma3_text", "rope_parameters": {
    "full_attention": {"rope_type": "linear", "factor": 4, "rope_theta": 1e6},
    "sliding_attention": {"rope_type": "default", "rope_theta": 1e4}}})";
  EXPECT_EQ(layer_types(v5), (std::vector<std::string>{"sliding_attention", "full_attention"}));
  EXPECT_TRUE(close(rope(v5).frequencies, inv_linear(256, 1e6, 4)));
  EXPECT_TRUE(close(softmax(gemma3_4b), 1 / 16.0));  // query_pre_attn_scalar 256
}

TEST(ModelConfig, Gemma4ProportionalOnGlobalHeadDim) {
  EXPECT_EQ(layer_types(gemma4), (std::vector<std::string>{"sliding_attention", "full_attention"}));
  EXPECT_EQ(rope(gemma4).layer_type, "full_attention");
  const model_rope full = rope(gemma4, "full_attention");
  EXPECT_EQ(full.rope_type, "proportional");
  EXPECT_EQ(full.head_dim, 512u);                                             // global_head_dim
  EXPECT_EQ(full.rotary_dim, 512u);                                           // frequencies for every pair ...
  EXPECT_TRUE(close(full.frequencies, inv_proportional(512, 1e6, 0.25, 1)));  // ... zero past 64
  EXPECT_EQ(full.frequencies[63] > 0, true);
  EXPECT_EQ(full.frequencies[64], 0.0);
  EXPECT_EQ(full.partial_rotary_factor, 0.25);
  const model_rope sliding = rope(gemma4, "sliding_attention");
  EXPECT_EQ(sliding.head_dim, 256u);
  EXPECT_TRUE(close(sliding.frequencies, inv_default(256, 1e4)));
  // Gemma4TextConfig's defaults (global_head_dim 512, proportional 0.25 at 1e6; sliding 1e4).
  const std::string bare = R"({"model_type": "gemma4_text"})";
  EXPECT_EQ(layer_types(bare), (std::vector<std::string>{"sliding_attention", "full_attention"}));
  EXPECT_TRUE(close(rope(bare, "full_attention").frequencies, inv_proportional(512, 1e6, 0.25, 1)));
  EXPECT_TRUE(close(rope(R"({"model_type": "gemma4_text", "rope_parameters": {"full_attention": {
      "rope_type": "proportional", "partial_rotary_factor": 0.5, "factor": 2, "rope_theta": 1e6}}})")
                        .frequencies,
                    inv_proportional(512, 1e6, 0.5, 2)));
  EXPECT_EQ(softmax(gemma4), 1.0);
  // Gemma 4 Unified and DiffusionGemma: Gemma4TextConfig's defaults and Gemma 4's rotary embedding
  for (const char* type : {"gemma4_unified_text", "diffusion_gemma_text"}) {
    const std::string text = std::string(R"({"model_type": ")") + type + R"("})";
    EXPECT_TRUE(close(rope(text, "full_attention").frequencies, inv_proportional(512, 1e6, 0.25, 1))) << type;
    EXPECT_TRUE(close(rope(text, "sliding_attention").frequencies, inv_default(256, 1e4))) << type;
    EXPECT_TRUE(rope(text).notes.empty()) << type;
  }
  EXPECT_EQ(rope(R"({"model_type": "diffusion_gemma", "text_config": {"model_type": "diffusion_gemma_text",
      "global_head_dim": 128}})",
                 "full_attention")
                .head_dim,
            128u);
}

// GLM-ASR's encoder: rotate_half over partial_rotary_factor (default 0.5) of its 64-wide head.
TEST(ModelConfig, GlmAsrEncoderTurnsHalfItsHead) {
  const model_rope asr = rope(R"({"model_type": "glmasr_encoder", "hidden_size": 1280, "num_attention_heads": 20})");
  EXPECT_EQ(asr.head_dim, 64u);
  EXPECT_EQ(asr.rotary_dim, 32u);
  EXPECT_EQ(asr.pairs, layout::half);
  EXPECT_TRUE(close(asr.frequencies, inv_default(32, 1e4)));
}

TEST(ModelConfig, MultimodalRopeSections) {
  const model_rope vl = rope(qwen25_vl);
  EXPECT_EQ(vl.rope_type, "default");  // "mrope" is Qwen2-VL's name for it
  EXPECT_EQ(vl.base, 1e6);
  EXPECT_EQ(vl.sections, (std::vector<std::int64_t>{16, 24, 24}));
  EXPECT_FALSE(vl.interleaved_sections);
  EXPECT_TRUE(close(vl.frequencies, inv_default(128, 1e6)));
  // The same with a text_config (newer Qwen2.5-VL files): text_config wins over the top level.
  const model_rope nested = rope(R"({"model_type": "qwen2_5_vl", "rope_theta": 1.0e4, "text_config": {
    "model_type": "qwen2_5_vl_text", "hidden_size": 3584, "num_attention_heads": 28, "rope_theta": 1000000.0,
    "rope_scaling": {"type": "default", "rope_type": "default", "mrope_section": [16, 24, 24]}}})");
  EXPECT_EQ(nested.base, 1e6);
  EXPECT_EQ(nested.sections, (std::vector<std::int64_t>{16, 24, 24}));
  // Qwen3-VL: interleaved sections, in text_config.
  const model_rope q3 = rope(qwen3_vl);
  EXPECT_EQ(q3.model_type, "qwen3_vl");
  EXPECT_EQ(q3.base, 5e6);
  EXPECT_EQ(q3.head_dim, 128u);
  EXPECT_EQ(q3.sections, (std::vector<std::int64_t>{24, 20, 20}));
  EXPECT_TRUE(q3.interleaved_sections);
  EXPECT_TRUE(close(q3.frequencies, inv_default(128, 5e6)));
  EXPECT_EQ(rope(R"({"model_type": "qwen3_vl_text"})").sections, (std::vector<std::int64_t>{24, 20, 20}));
  EXPECT_TRUE(rejects(R"({"model_type": "qwen2_5_vl", "hidden_size": 3584, "num_attention_heads": 28,
                                          "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 23]}})",
                      "config.rope_scaling.mrope_section", "63"));
}

// Qwen Omni: the thinker's text model, one level down (thinker_config.text_config).
TEST(ModelConfig, QwenOmniReadsItsThinkersTextModel) {
  const model_rope q25 = rope(R"({"model_type": "qwen2_5_omni", "thinker_config": {"model_type":
      "qwen2_5_omni_thinker", "text_config": {"model_type": "qwen2_5_omni_text", "hidden_size": 3584,
      "num_attention_heads": 28, "rope_theta": 1000000.0,
      "rope_scaling": {"mrope_section": [16, 24, 24], "rope_type": "default"}}}})");
  EXPECT_EQ(q25.head_dim, 128u);
  EXPECT_EQ(q25.sections, (std::vector<std::int64_t>{16, 24, 24}));
  EXPECT_FALSE(q25.interleaved_sections);
  EXPECT_TRUE(close(q25.frequencies, inv_default(128, 1e6)));
  EXPECT_TRUE(q25.notes.empty());
  const model_rope q3 = rope(R"({"model_type": "qwen3_omni_moe", "thinker_config": {"text_config": {
      "model_type": "qwen3_omni_moe_text", "hidden_size": 2048, "num_attention_heads": 32, "head_dim": 128,
      "rope_parameters": {"mrope_interleaved": false, "mrope_section": [24, 20, 20], "rope_theta": 1000000,
      "rope_type": "default"}}}})");
  EXPECT_EQ(q3.head_dim, 128u);  // head_dim, not 2048 / 32
  EXPECT_EQ(q3.sections, (std::vector<std::int64_t>{24, 20, 20}));
  EXPECT_TRUE(q3.interleaved_sections);  // the model's code, whatever mrope_interleaved says
  // missing levels: the classes' defaults (3584 / 28 heads, [16, 24, 24])
  const model_rope bare = rope(R"({"model_type": "qwen2_5_omni"})");
  EXPECT_EQ(bare.head_dim, 128u);
  EXPECT_EQ(bare.sections, (std::vector<std::int64_t>{16, 24, 24}));
  EXPECT_TRUE(rejects(R"({"model_type": "qwen2_5_omni", "thinker_config": {"text_config": {"hidden_size": -1}}})",
                      "config.thinker_config.text_config.hidden_size", "-1"));
}

TEST(ModelConfig, RopeParametersByLayerTypeUseTheirKeys) {
  const std::string cfg = R"({"model_type": "qwen2", "hidden_size": 2048, "num_attention_heads": 16,
    "layer_types": ["full_attention", "sliding_attention"], "max_position_embeddings": 32768,
    "rope_parameters": {"sliding_attention": {"rope_type": "default", "rope_theta": 1e4},
                        "full_attention": {"rope_type": "linear", "factor": 4, "rope_theta": 1e6}}})";
  EXPECT_EQ(layer_types(cfg), (std::vector<std::string>{"sliding_attention", "full_attention"}));
  EXPECT_TRUE(close(rope(cfg, "sliding_attention").frequencies, inv_default(128, 1e4)));
  EXPECT_TRUE(close(rope(cfg).frequencies, inv_linear(128, 1e6, 4)));
  // Other layer types follow sliding and full, in key order; without full_attention, the first.
  const std::string other = R"({"model_type": "llama", "layer_types": ["chunked_attention", "sliding_attention"],
    "rope_parameters": {"chunked_attention": {"rope_type": "default"},
                        "sliding_attention": {"rope_type": "default"}}})";
  EXPECT_EQ(layer_types(other), (std::vector<std::string>{"sliding_attention", "chunked_attention"}));
  EXPECT_EQ(rope(other).layer_type, "sliding_attention");
  // _compute_yarn_parameters reads truncate from the top dict: by layer type it always truncates.
  const std::string yarn = R"({"model_type": "llama", "hidden_size": 2048, "num_attention_heads": 16,
    "max_position_embeddings": 32768, "rope_parameters": {"full_attention": {"rope_type": "yarn", "factor": 4,
    "original_max_position_embeddings": 8192, "truncate": false}}})";
  const model_rope y = rope(yarn);
  EXPECT_EQ(y.layer_types, std::vector<std::string>{"full_attention"});
  EXPECT_EQ(y.truncate, false);  // as given
  EXPECT_TRUE(close(y.frequencies, inv_yarn(128, 1e4, 4, 8192, true)));
  // Every layer type null: no RoPE anywhere, refused (a fuzz finding: once an empty list).
  const std::string none = R"({"model_type": "qwen2", "rope_parameters": {"sliding_attention": null}})";
  EXPECT_TRUE(throws_invalid([&] { layer_types(none); }, "config.rope_parameters", "null"));
  EXPECT_TRUE(rejects(none, "config.rope_parameters", "null"));
  // A null layer type has no RoPE.
  EXPECT_EQ(layer_types(R"({"model_type": "gemma4_text", "rope_parameters": {"sliding_attention": null,
                           "full_attention": {"rope_type": "default"}}})"),
            std::vector<std::string>{"full_attention"});
}

// Every 4th layer of n, 0-based: 3, 7, ... (the default no_rope_layers and sliding pattern).
std::vector<std::size_t> every_fourth(std::size_t n) {
  std::vector<std::size_t> out;
  for (std::size_t i = 3; i < n; i += 4) out.push_back(i);
  return out;
}

bool has_note(const model_rope& r, const std::string& part) {
  return std::any_of(r.notes.begin(), r.notes.end(),
                     [&](const posenc::note& n) { return note_text(n).find(part) != std::string::npos; });
}

TEST(ModelConfig, AdjacentPairsAndPartialRotationByModelType) {
  // modeling_glm.py: x[..., 0::2] pairs on int(head_dim * 0.5) features (the class default).
  model_rope r = rope(R"({"model_type": "glm", "hidden_size": 256, "num_attention_heads": 4})");
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_EQ(r.rotary_dim, 32u);
  EXPECT_TRUE(close(r.frequencies, inv_default(32, 1e4)));
  // glm4_moe: GPT-NeoX's rotate_half inside the rotated half.
  r = rope(R"({"model_type": "glm4_moe", "head_dim": 128, "hidden_size": 4096, "num_attention_heads": 96,
               "partial_rotary_factor": 0.5, "rope_theta": 1000000})");
  EXPECT_EQ(r.pairs, layout::half);
  EXPECT_EQ(r.rotary_dim, 64u);
  // stablelm's default 0.25, and a config's own factor over it.
  r = rope(R"({"model_type": "stablelm", "hidden_size": 2560, "num_attention_heads": 32})");
  EXPECT_EQ(r.rotary_dim, 20u);
  r = rope(
      R"({"model_type": "stablelm", "hidden_size": 2560, "num_attention_heads": 32, "partial_rotary_factor": 0.5})");
  EXPECT_EQ(r.rotary_dim, 40u);
  EXPECT_TRUE(close(r.frequencies, inv_default(40, 1e4)));
  // qwen3_next: 0.25 of a 256-wide head.
  r = rope(R"({"model_type": "qwen3_next", "head_dim": 256, "hidden_size": 2048, "num_attention_heads": 16})");
  EXPECT_EQ(r.rotary_dim, 64u);
  // cohere: adjacent pairs over the whole head, default_theta 500000.
  r = rope(R"({"model_type": "cohere", "hidden_size": 8192, "num_attention_heads": 64})");
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_EQ(r.rotary_dim, 128u);
  EXPECT_TRUE(close(r.frequencies, inv_default(128, 5e5)));
  EXPECT_TRUE(r.notes.empty());
  // codegen: GPT-J's rules.
  r = rope(R"({"model_type": "codegen", "n_embd": 1024, "n_head": 16, "rotary_dim": 32})");
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.rotary_dim, 32u);
}

TEST(ModelConfig, LayersWithoutRope) {
  // Llama 4: no_rope_layers empty -> every 4th layer is NoPE; the RoPE layers are chunked attention.
  const std::string llama4 = R"({"model_type": "llama4", "text_config": {"model_type": "llama4_text",
      "head_dim": 128, "hidden_size": 5120, "num_attention_heads": 40, "num_hidden_layers": 48,
      "no_rope_layers": [], "rope_theta": 500000.0}})";
  EXPECT_EQ(layer_types(llama4), std::vector<std::string>{"chunked_attention"});
  model_rope r = rope(llama4);
  EXPECT_EQ(r.layer_type, "chunked_attention");
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_EQ(r.layers_without_rope, every_fourth(48));
  EXPECT_TRUE(has_note(r, "layers-without-rope"));
  // an explicit list (1 rotates), and SmolLM3's, whose empty list is not replaced.
  r = rope(R"({"model_type": "llama4_text", "hidden_size": 64, "num_attention_heads": 2, "num_hidden_layers": 3,
               "no_rope_layers": [0, 1, 0]})");
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{0, 2}));
  r = rope(R"({"model_type": "smollm3", "hidden_size": 2048, "num_attention_heads": 16, "num_hidden_layers": 8})");
  EXPECT_EQ(r.layer_type, "full_attention");
  EXPECT_EQ(r.layers_without_rope, every_fourth(8));
  EXPECT_TRUE(close(r.frequencies, inv_default(128, 2e6)));
  EXPECT_TRUE(rejects(R"({"model_type": "smollm3", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 2, "no_rope_layers": []})",
                      "config.no_rope_layers.length", "num_hidden_layers = 2"));
  EXPECT_TRUE(rejects(R"({"model_type": "smollm3", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 2, "no_rope_layers": [1, 2]})",
                      "config.no_rope_layers[1]", ""));
  // Cohere2: only sliding layers rotate; head_dim is hidden_size // heads whatever head_dim says.
  const std::string cohere2 = R"({"model_type": "cohere2", "hidden_size": 4096, "num_attention_heads": 32,
      "head_dim": 64, "num_hidden_layers": 8, "sliding_window": 4096, "sliding_window_pattern": 4})";
  EXPECT_EQ(layer_types(cohere2), std::vector<std::string>{"sliding_attention"});
  r = rope(cohere2);
  EXPECT_EQ(r.head_dim, 128u);
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_EQ(r.layers_without_rope, every_fourth(8));
  EXPECT_TRUE(throws_invalid([&] { rope(cohere2, "full_attention"); }, "layerType", "sliding_attention"));
  r = rope(R"({"model_type": "cohere2", "hidden_size": 64, "num_attention_heads": 2, "num_hidden_layers": 3,
               "sliding_window": 8, "layer_types": ["full_attention", "sliding_attention", "full_attention"]})");
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{0, 2}));
  // an absent sliding_window keeps Cohere2Config's default (4096): the sliding layers rotate
  r = rope(R"({"model_type": "cohere2", "hidden_size": 64, "num_attention_heads": 2, "num_hidden_layers": 4})");
  EXPECT_EQ(r.layers_without_rope, every_fourth(4));
  EXPECT_TRUE(rejects(R"({"model_type": "cohere2", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 4, "sliding_window": null})",
                      "config.sliding_window", "null"));
  // Cohere2-MoE: Cohere2's adjacent pairs over its head_dim (128 by default); with first_k_dense_replace 2 and
  // prefix pattern 1 layers 0 and 1 are full attention but dense, so they rotate; of the other 6, every 4th
  // (layers 5, hand-counted from 2: 2 3 4 [5] 6 7) is full attention and takes none.
  const std::string moe = R"({"model_type": "cohere2_moe", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 8, "first_k_dense_replace": 2})";
  r = rope(moe);
  EXPECT_EQ(r.head_dim, 128u);
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_TRUE(close(r.frequencies, inv_default(128, 1e4)));
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{5}));
  EXPECT_EQ(layer_types(moe), std::vector<std::string>{"full_attention"});
  // prefix pattern 2: layer 1 is full attention and not forced; layer 0 is sliding
  r = rope(R"({"model_type": "cohere2_moe", "hidden_size": 64, "num_attention_heads": 2, "num_hidden_layers": 8,
               "first_k_dense_replace": 2, "prefix_dense_sliding_window_pattern": 2})");
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{1, 5}));
  // without dense layers, Cohere2's rule
  r = rope(R"({"model_type": "cohere2_moe", "hidden_size": 64, "num_attention_heads": 2, "num_hidden_layers": 8})");
  EXPECT_EQ(r.layer_type, "sliding_attention");
  EXPECT_EQ(r.layers_without_rope, every_fourth(8));
  EXPECT_TRUE(rejects(R"({"model_type": "cohere2_moe", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 4, "sliding_window": null})",
                      "config.sliding_window", "null"));
  // EXAONE 4: with a window as Cohere2 (but rotate_half); without one every layer rotates.
  r = rope(R"({"model_type": "exaone4", "hidden_size": 64, "num_attention_heads": 2, "num_hidden_layers": 8,
               "sliding_window": 4096})");
  EXPECT_EQ(r.layer_type, "sliding_attention");
  EXPECT_EQ(r.pairs, layout::half);
  EXPECT_EQ(r.layers_without_rope, every_fourth(8));
  // EXAONE 4's published pattern: one letter a layer, L sliding (rotates), G global
  r = rope(R"({"model_type": "exaone4", "hidden_size": 64, "num_attention_heads": 2, "num_hidden_layers": 6,
               "sliding_window": 4096, "sliding_window_pattern": "LLLG"})");
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{3}));
  EXPECT_TRUE(rejects(R"({"model_type": "exaone4", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 6, "sliding_window_pattern": "LLXG"})",
                      "config.sliding_window_pattern", "'LLXG'"));
  r = rope(R"({"model_type": "exaone4", "hidden_size": 64, "num_attention_heads": 2, "num_hidden_layers": 8,
               "sliding_window": null})");
  EXPECT_EQ(r.layer_type, "full_attention");
  EXPECT_TRUE(r.layers_without_rope.empty());
  EXPECT_TRUE(r.notes.empty());
}

TEST(ModelConfig, DeepSeekV2Gemma3nAndMllama) {
  // DeepSeek-V2: q_pe / k_pe as complex numbers, qk_head_dim^-0.5 with no mscale even under YaRN.
  const std::string v2 = R"({"model_type": "deepseek_v2", "hidden_size": 2048, "num_attention_heads": 16,
      "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "max_position_embeddings": 163840, "rope_theta": 10000,
      "rope_scaling": {"type": "yarn", "factor": 40, "mscale": 0.707, "mscale_all_dim": 0.707,
                       "original_max_position_embeddings": 4096, "beta_fast": 32, "beta_slow": 1}})";
  model_rope r = rope(v2);
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_TRUE(close(softmax(v2), 1.0 / std::sqrt(192.0)));
  EXPECT_TRUE(r.notes.empty());
  // Gemma 3n: Gemma 3's two layer types (local base 1e4, global 1e6), head_dim 256, softmax scale 1.
  const std::string gemma3n = R"({"model_type": "gemma3n", "text_config": {"model_type": "gemma3n_text",
      "hidden_size": 2048, "num_attention_heads": 8}})";
  EXPECT_EQ(layer_types(gemma3n), (std::vector<std::string>{"sliding_attention", "full_attention"}));
  EXPECT_TRUE(close(rope(gemma3n, "sliding_attention").frequencies, inv_default(256, 1e4)));
  EXPECT_TRUE(close(rope(gemma3n, "full_attention").frequencies, inv_default(256, 1e6)));
  EXPECT_TRUE(close(softmax(gemma3n), 1.0));
  // Mllama: the cross-attention layers take no positions; default base 500000.
  r = rope(R"({"model_type": "mllama", "text_config": {"model_type": "mllama_text_model", "num_hidden_layers": 40,
              "rope_scaling": {"factor": 8.0, "high_freq_factor": 4.0, "low_freq_factor": 1.0,
                               "original_max_position_embeddings": 8192, "rope_type": "llama3"}}})");
  EXPECT_EQ(r.base, 5e5);
  EXPECT_EQ(r.head_dim, 128u);
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{3, 8, 13, 18, 23, 28, 33, 38}));
  r = rope(R"({"model_type": "mllama_text_model", "hidden_size": 64, "num_attention_heads": 2,
               "num_hidden_layers": 6, "cross_attention_layers": [5, 1]})");
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{1, 5}));
  EXPECT_TRUE(rejects(R"({"model_type": "mllama_text_model", "hidden_size": 64,
      "num_attention_heads": 2, "num_hidden_layers": 6, "cross_attention_layers": [6]})",
                      "config.cross_attention_layers[0]", "[0, 5]"));
}

TEST(ModelConfig, Qwen3NextRotatesOnlyItsFullAttentionLayers) {
  // full_attention_interval 4 (the default): layers 3, 7, ... are full attention, the rest linear.
  model_rope r = rope(R"({"model_type": "qwen3_next", "head_dim": 256, "hidden_size": 2048, "num_attention_heads": 16,
                          "num_hidden_layers": 8})");
  EXPECT_EQ(r.layer_type, "full_attention");
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{0, 1, 2, 4, 5, 6}));
  r = rope(R"({"model_type": "qwen3_next", "head_dim": 256, "hidden_size": 2048, "num_attention_heads": 16,
               "num_hidden_layers": 3, "layer_types": ["full_attention", "linear_attention", "full_attention"]})");
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{1}));
  EXPECT_TRUE(rejects(R"({"model_type": "qwen3_next", "head_dim": 256, "hidden_size": 2048,
      "num_attention_heads": 16, "num_hidden_layers": 2, "layer_types": ["linear_attention", "linear_attention"]})",
                      "config.layer_types", "no layer would apply RoPE"));
}

TEST(ModelConfig, Qwen35Glm4vAndMinistral3) {
  // Qwen3.5: a quarter of a 256-wide head, interleaved M-RoPE [11, 11, 10], every 4th layer full attention.
  const std::string qwen35 = R"({"model_type": "qwen3_5", "text_config": {"model_type": "qwen3_5_text",
      "hidden_size": 4096, "num_hidden_layers": 8, "rope_parameters": {"rope_type": "default",
      "rope_theta": 10000000, "mrope_interleaved": true}}})";
  model_rope r = rope(qwen35);
  EXPECT_EQ(r.head_dim, 256u);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 1e7)));
  EXPECT_TRUE(r.interleaved_sections);
  EXPECT_EQ(r.sections, (std::vector<std::int64_t>{11, 11, 10}));
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{0, 1, 2, 4, 5, 6}));
  // GLM-4.1V: adjacent pairs on half of the head, chunked sections [8, 12, 12] by default.
  r = rope(R"({"model_type": "glm4v", "text_config": {"model_type": "glm4v_text", "hidden_size": 4096,
              "num_attention_heads": 32, "partial_rotary_factor": 0.5, "rope_theta": 10000}})");
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_FALSE(r.interleaved_sections);
  EXPECT_EQ(r.sections, (std::vector<std::int64_t>{8, 12, 12}));
  // without the factor the default sections do not fit the 64 pairs (transformers' split fails too)
  EXPECT_TRUE(rejects(R"({"model_type": "glm4v_text", "hidden_size": 4096,
      "num_attention_heads": 32})",
                      "config.rope_scaling.mrope_section", "absent"));
  // GLM-4.5V: rotate_half, half the head by default.
  r = rope(R"({"model_type": "glm4v_moe", "text_config": {"model_type": "glm4v_moe_text", "head_dim": 128,
              "rope_parameters": {"rope_type": "default", "mrope_section": [8, 12, 12], "rope_theta": 10000}}})");
  EXPECT_EQ(r.pairs, layout::half);
  EXPECT_EQ(r.rotary_dim, 64u);
  // Ministral 3: YaRN by default (factor 16 over 16384, theta 1e6), and a note on its query temperature.
  r = rope(R"({"model_type": "ministral3", "hidden_size": 4096, "num_attention_heads": 32})");
  EXPECT_EQ(r.rope_type, "yarn");
  EXPECT_EQ(r.base, 1e6);
  EXPECT_TRUE(close(r.frequencies, inv_yarn(128, 1e6, 16, 16384, true)));
  EXPECT_TRUE(close(r.attention_factor, 1.0));  // mscale / mscale_all_dim, both 1
  EXPECT_TRUE(has_note(r, "llama_4_scaling_beta value=0.1"));
}

TEST(ModelConfig, FalconRotaryOrAlibi) {
  const model_rope r = rope(R"({"model_type": "falcon", "hidden_size": 4544, "n_head": 71, "alibi": false})");
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 1e4)));
  EXPECT_TRUE(
      rejects(R"({"model_type": "falcon", "hidden_size": 64, "n_head": 2, "alibi": true})", "config.alibi", "ALiBi"));
}

TEST(ModelConfig, PhiMoeScalesByItsMscales) {
  // The Phi-3.5-MoE layout: longrope on head 128, short_mscale and long_mscale given.
  const auto short_f = ramp(64, 1.0, 0.01), long_f = ramp(64, 1.0, 0.5);
  const auto config = [&](const std::string& extra) {
    return R"({"model_type": "phimoe", "hidden_size": 4096, "num_attention_heads": 32,
        "max_position_embeddings": 131072, "rope_theta": 10000.0, "rope_scaling": {"type": "longrope",
        "original_max_position_embeddings": 4096, "short_mscale": 1.25, "long_mscale": 1.5, "short_factor": )" +
           json_list(short_f) + R"(, "long_factor": )" + json_list(long_f) + extra + "}}";
  };
  const model_rope r = rope(config(""));
  EXPECT_EQ(r.rope_type, "longrope");
  EXPECT_TRUE(close(r.frequencies, inv_longrope(128, 1e4, short_f)));
  EXPECT_EQ(r.attention_factor, 1.25);  // not longrope's sqrt(1 + ln 32 / ln 4096)
  EXPECT_EQ(rope(config(""), "", 4096).attention_factor, 1.25);
  const model_rope longer = rope(config(""), "", 4097);
  EXPECT_EQ(longer.attention_factor, 1.5);
  EXPECT_TRUE(close(longer.frequencies, inv_longrope(128, 1e4, long_f)));
  EXPECT_EQ(longer.scaling.attention_factor, 1.5);  // what rope() scales cos and sin by
  EXPECT_TRUE(has_note(r, "config.rope_scaling.short_mscale"));
  EXPECT_TRUE(has_note(longer, "config.rope_scaling.long_mscale"));
  // an attention_factor in the dict does not win: PhimoeRotaryEmbedding uses the mscales
  EXPECT_EQ(rope(config(R"(, "attention_factor": 3.0)")).attention_factor, 1.25);
  // no scaling: the class's theta 1e6, factor 1, no note
  const model_rope plain = rope(R"({"model_type": "phimoe"})");
  EXPECT_EQ(plain.base, 1e6);
  EXPECT_TRUE(close(plain.frequencies, inv_default(128, 1e6)));
  EXPECT_EQ(plain.attention_factor, 1.0);
  EXPECT_TRUE(plain.notes.empty());
  const std::string missing = R"({"model_type": "phimoe", "rope_scaling": {"type": "longrope",
      "original_max_position_embeddings": 4096, "long_mscale": 1.5, "short_factor": )" +
                              json_list(short_f) + R"(, "long_factor": )" + json_list(long_f) + "}}";
  EXPECT_TRUE(rejects(missing, "config.rope_scaling.short_mscale", ""));
  EXPECT_TRUE(rejects(R"({"model_type": "phimoe", "rope_scaling": {"type": "linear", "factor": 2}})",
                      "config.rope_scaling.type", "'linear'"));
}

TEST(ModelConfig, ModernBertGlobalAndLocalBases) {
  // answerdotai/ModernBERT-base's RoPE fields: 768 / 12 heads, global 160000, local 10000.
  const std::string base = R"({"model_type": "modernbert", "hidden_size": 768, "num_attention_heads": 12,
      "global_attn_every_n_layers": 3, "global_rope_theta": 160000.0, "local_rope_theta": 10000.0,
      "local_attention": 128, "max_position_embeddings": 8192, "num_hidden_layers": 22})";
  EXPECT_EQ(layer_types(base), (std::vector<std::string>{"sliding_attention", "full_attention"}));
  const model_rope full = rope(base), local = rope(base, "sliding_attention");
  EXPECT_EQ(full.layer_type, "full_attention");
  EXPECT_EQ(full.head_dim, 64u);
  EXPECT_EQ(full.base, 160000.0);
  EXPECT_TRUE(close(full.frequencies, inv_default(64, 160000.0)));
  EXPECT_EQ(local.base, 1e4);
  EXPECT_TRUE(close(local.frequencies, inv_default(64, 1e4)));
  EXPECT_TRUE(full.notes.empty());
  // class defaults; a top-level rope_theta is not one of ModernBERT's keys
  EXPECT_EQ(rope(R"({"model_type": "modernbert", "rope_theta": 5.0})").base, 160000.0);
  EXPECT_EQ(rope(R"({"model_type": "modernbert"})", "sliding_attention").base, 1e4);
  // rope_scaling goes to both layer types (Gemma 3's to the full ones only)
  const std::string scaled = R"({"model_type": "modernbert", "global_rope_theta": 160000.0,
      "rope_scaling": {"rope_type": "linear", "factor": 2.0}})";
  EXPECT_TRUE(close(rope(scaled).frequencies, inv_linear(64, 160000.0, 2)));
  EXPECT_TRUE(close(rope(scaled, "sliding_attention").frequencies, inv_linear(64, 1e4, 2)));
  // head_dim is hidden_size // heads whatever else the config says
  EXPECT_EQ(rope(R"({"model_type": "modernbert", "hidden_size": 1024, "num_attention_heads": 16,
                     "head_dim": 128})")
                .head_dim,
            64u);
  EXPECT_TRUE(close(softmax(base), 1 / 8.0));
}

TEST(ModelConfig, RoFormerTurnsAdjacentPairsOfTheWholeHead) {
  // junnyu/roformer_chinese_base's fields: 768 / 12 heads, 1536 positions, no RoPE keys.
  const std::string config = R"({"model_type": "roformer", "hidden_size": 768, "num_attention_heads": 12,
      "max_position_embeddings": 1536, "rotary_value": false, "embedding_size": 768})";
  const model_rope r = rope(config);
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_EQ(r.pairs, posenc::layout::interleaved);
  EXPECT_EQ(r.base, 1e4);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 1e4)));
  EXPECT_TRUE(r.notes.empty());
  // RoFormer reads neither rotary_dim nor rope_theta
  EXPECT_EQ(rope(R"({"model_type": "roformer", "rotary_dim": 16, "rope_theta": 5.0})").rotary_dim, 64u);
  EXPECT_EQ(rope(R"({"model_type": "roformer", "rotary_dim": 16, "rope_theta": 5.0})").base, 1e4);
  EXPECT_TRUE(has_note(rope(R"({"model_type": "roformer", "rotary_value": true})"), "config.rotary_value"));
  EXPECT_TRUE(
      rejects(R"({"model_type": "roformer", "hidden_size": 15, "num_attention_heads": 5})", "config.hidden_size", ""));
}

TEST(ModelConfig, PositionEmbeddingTypeDecidesWhetherEsmAndGraniteRotate) {
  // facebook/esm2_t6_8M_UR50D's fields: 320 / 20 heads, "rotary"; rotate_half, base 10000, no rope_theta.
  const std::string esm2 = R"({"model_type": "esm", "hidden_size": 320, "num_attention_heads": 20,
      "position_embedding_type": "rotary", "rope_theta": 5.0, "max_position_embeddings": 1026})";
  const model_rope r = rope(esm2);
  EXPECT_EQ(r.head_dim, 16u);
  EXPECT_EQ(r.rotary_dim, 16u);
  EXPECT_EQ(r.pairs, posenc::layout::half);
  EXPECT_TRUE(close(r.frequencies, inv_default(16, 1e4)));
  EXPECT_TRUE(r.notes.empty());
  // ESM-1b's absolute positions, and the class default
  EXPECT_TRUE(rejects(R"({"model_type": "esm", "position_embedding_type": "absolute"})",
                      "config.position_embedding_type", "'absolute'"));
  EXPECT_TRUE(rejects(R"({"model_type": "esm"})", "config.position_embedding_type", ""));
  // Granite 4.0: "rope" rotates the attention layers only; "nope" or nothing rotates none.
  const std::string granite = R"({"model_type": "granitemoehybrid", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 4, "rope_theta": 10000000.0, "position_embedding_type": "rope",
      "layer_types": ["mamba", "attention", "mamba", "mamba"]})";
  const model_rope g = rope(granite);
  EXPECT_TRUE(close(g.frequencies, inv_default(32, 1e7)));
  EXPECT_EQ(g.layers_without_rope, (std::vector<std::size_t>{0, 2, 3}));
  EXPECT_TRUE(has_note(g, "layers-without-rope"));
  const std::string legacy = R"({"model_type": "granitemoehybrid", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 2, "position_embedding_type": "rope", "layers_block_type": ["attention", "mamba"]})";
  EXPECT_EQ(rope(legacy).layers_without_rope, (std::vector<std::size_t>{1}));
  EXPECT_TRUE(rejects(R"({"model_type": "granitemoehybrid", "position_embedding_type": "nope", "rope_theta": 1e7})",
                      "config.position_embedding_type", "'nope'"));
  EXPECT_TRUE(rejects(R"({"model_type": "granitemoehybrid", "position_embedding_type": null})",
                      "config.position_embedding_type", ""));
}

TEST(ModelConfig, Lfm2RotatesItsAttentionLayersOnly) {
  const std::string listed = R"({"model_type": "lfm2", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 4, "layer_types": ["conv", "full_attention", "conv", "full_attention"]})";
  const model_rope r = rope(listed);
  EXPECT_EQ(r.base, 1e6);  // the class default
  EXPECT_TRUE(close(r.frequencies, inv_default(32, 1e6)));
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{0, 2}));
  const std::string indices = R"({"model_type": "lfm2", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 5, "full_attn_idxs": [4, 1]})";
  EXPECT_EQ(rope(indices).layers_without_rope, (std::vector<std::size_t>{0, 2, 3}));
  EXPECT_TRUE(rope(R"({"model_type": "lfm2", "hidden_size": 64, "num_attention_heads": 2,
                      "num_hidden_layers": 3})")
                  .layers_without_rope.empty());
  EXPECT_TRUE(rejects(R"({"model_type": "lfm2", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 2, "layer_types": ["conv", "conv"]})",
                      "config.layer_types", ""));
  EXPECT_TRUE(rejects(R"({"model_type": "lfm2", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 2, "full_attn_idxs": [2]})",
                      "config.full_attn_idxs[0]", "2"));
}

TEST(ModelConfig, BambaAttendsInItsListedLayers) {
  const std::string bamba = R"({"model_type": "bamba", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 4, "attn_layer_indices": [1, 3]})";
  const model_rope r = rope(bamba);
  EXPECT_EQ(r.rotary_dim, 32u);  // main's default RoPE: the whole head, and a note says 4.x took half
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{0, 2}));
  EXPECT_TRUE(has_note(r, "bamba-default-rope"));
  const std::string scaled = R"({"model_type": "bamba", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 4, "attn_layer_indices": [1], "rope_scaling": {"rope_type": "linear", "factor": 2}})";
  EXPECT_EQ(rope(scaled).rotary_dim, 16u);  // the scaled types read the forced 0.5
  EXPECT_FALSE(has_note(rope(scaled), "bamba-default-rope"));
  EXPECT_TRUE(rejects(R"({"model_type": "bamba", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 4})",
                      "config.layer_types", ""));
  EXPECT_TRUE(rejects(R"({"model_type": "bamba", "hidden_size": 64, "num_attention_heads": 2,
      "num_hidden_layers": 4, "attn_layer_indices": [4]})",
                      "config.attn_layer_indices[0]", "4"));
}

TEST(ModelConfig, Zamba2RotatesOnlyWithUseMemRope) {
  // Zamba2-2.7B's shape: 2560 hidden, 32 heads, the shared attention over 2 * 2560, so heads of 160.
  const std::string zamba = R"({"model_type": "zamba2", "hidden_size": 2560, "num_attention_heads": 32,
      "num_hidden_layers": 4, "use_mem_rope": true, "attention_head_dim": 80,
      "layers_block_type": ["mamba", "hybrid", "mamba", "hybrid"]})";
  const model_rope r = rope(zamba);
  EXPECT_EQ(r.head_dim, 160u);
  EXPECT_TRUE(close(r.frequencies, inv_default(160, 1e4)));
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{0, 2}));
  // the class's 54-layer pattern: a hybrid block at 6, 12, ..., 42, then 47 and 51
  const model_rope d = rope(R"({"model_type": "zamba2", "use_mem_rope": true})");
  EXPECT_EQ(d.layers_without_rope.size(), 54u - 9u);
  EXPECT_TRUE(std::find(d.layers_without_rope.begin(), d.layers_without_rope.end(), 47u) ==
              d.layers_without_rope.end());
  EXPECT_TRUE(rejects(R"({"model_type": "zamba2"})", "config.use_mem_rope", "false"));
  EXPECT_TRUE(rejects(R"({"model_type": "zamba2", "use_mem_rope": false})", "config.use_mem_rope", "false"));
  EXPECT_TRUE(rejects(R"({"model_type": "zamba2", "use_mem_rope": true, "num_hidden_layers": 6})",
                      "config.layers_block_type", ""));
  // a head too small names the doubled width it was computed from
  EXPECT_TRUE(rejects(R"({"model_type": "zamba2", "use_mem_rope": true, "hidden_size": 1,
      "num_attention_heads": 2})",
                      "config.hidden_size", "2 * 1 // 2 = 1"));
}

TEST(ModelConfig, HeliumTurnsAdjacentPairs) {
  const model_rope r = rope(R"({"model_type": "helium", "hidden_size": 2560, "num_attention_heads": 20})");
  EXPECT_EQ(r.pairs, posenc::layout::interleaved);
  EXPECT_EQ(r.head_dim, 128u);  // the class default, not 2560 / 20
  EXPECT_EQ(r.base, 1e5);
  EXPECT_TRUE(r.notes.empty());
  EXPECT_EQ(rope(R"({"model_type": "bitnet", "hidden_size": 64, "num_attention_heads": 2})").base, 5e5);
  EXPECT_EQ(rope(R"({"model_type": "seed_oss", "hidden_size": 64, "num_attention_heads": 2})").head_dim, 128u);
  EXPECT_TRUE(rejects(R"({"model_type": "nemotron_h"})", "config.model_type", "'nemotron_h'"));
}

// DBRX keeps its sizes under its own names (d_model, n_heads, max_seq_len) and its base in
// attn_config; a top-level rope_theta, as a re-saved config may hold, still wins.
TEST(ModelConfig, DbrxReadsItsOwnNamesAndAttnConfigBase) {
  const std::string sizes = R"("model_type": "dbrx", "d_model": 256, "n_heads": 4, "max_seq_len": 4096)";
  const model_rope r = rope("{" + sizes + R"(, "attn_config": {"kv_n_heads": 2, "rope_theta": 500000}})");
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.pairs, posenc::layout::half);
  EXPECT_EQ(r.base, 5e5);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 5e5)));
  ASSERT_EQ(r.notes.size(), 1u);  // transformers 5 reads no attn_config base
  EXPECT_EQ(note_text(r.notes[0]), "dbrx-attn-base path=config.attn_config.rope_theta value=500000");
  EXPECT_EQ(rope("{" + sizes + "}").base, 1e4);  // DbrxAttentionConfig's default
  EXPECT_TRUE(rope("{" + sizes + "}").notes.empty());
  const model_rope top = rope("{" + sizes + R"(, "rope_theta": 20000, "attn_config": {"rope_theta": 500000}})");
  EXPECT_EQ(top.base, 2e4);
  EXPECT_TRUE(top.notes.empty());
  EXPECT_EQ(rope(R"({"model_type": "dbrx"})").head_dim, 128u);  // 2048 // 16, the class's defaults
  // both names: the standard one wins (set last, through attribute_map)
  EXPECT_EQ(rope(R"({"model_type": "dbrx", "d_model": 256, "hidden_size": 512, "n_heads": 4})").head_dim, 128u);
  // dynamic NTK reads max_seq_len as max_position_embeddings
  const model_rope dynamic =
      rope("{" + sizes + R"(, "rope_scaling": {"rope_type": "dynamic", "factor": 2}})", "", 8192);
  EXPECT_TRUE(close(dynamic.frequencies, inv_default(64, 1e4 * std::pow(2.0 * 8192 / 4096 - 1, 64.0 / 62.0))));
  EXPECT_TRUE(rejects(R"({"model_type": "dbrx", "d_model": 256, "n_heads": 0})", "config.n_heads", "0"));
  EXPECT_TRUE(rejects("{" + sizes + R"(, "attn_config": {"rope_theta": -1}})", "config.attn_config.rope_theta", "-1"));
}

// Llama's rotation, with each class's own defaults and names.
TEST(ModelConfig, LlamaRotationWithClassDefaults) {
  const auto with = [](const std::string& type, const std::string& extra = "") {
    return rope(R"({"model_type": ")" + type + R"(", "hidden_size": 64, "num_attention_heads": 2)" + extra + "}");
  };
  for (const char* type : {"olmoe", "falcon_h1", "ministral", "doge", "mimi", "exaone"}) {
    const model_rope r = with(type);
    EXPECT_EQ(r.head_dim, 32u) << type;
    EXPECT_EQ(r.pairs, layout::half) << type;
    EXPECT_TRUE(r.notes.empty()) << type;
  }
  for (const char* type : {"gemma", "gemma2", "vaultgemma"}) {
    EXPECT_EQ(with(type).head_dim, 256u) << type;  // the class's head_dim, not 64 / 2
    EXPECT_EQ(with(type, R"(, "head_dim": 16)").head_dim, 16u) << type;
  }
  EXPECT_EQ(with("yi").base, 5e6);
  EXPECT_EQ(with("csm").base, 5e5);
  for (const char* type : {"internlm2", "granitemoeshared", "chameleon"}) {
    EXPECT_EQ(with(type, R"(, "head_dim": 16)").head_dim, 32u) << type;  // hidden // heads, always
  }
  EXPECT_EQ(with("jetmoe").head_dim, 128u);  // kv_channels' default
  EXPECT_EQ(with("jetmoe", R"(, "kv_channels": 64)").head_dim, 64u);
  EXPECT_EQ(with("jetmoe", R"(, "kv_channels": 64, "head_dim": 16)").head_dim, 16u);
  const model_rope emu3 = rope(R"({"model_type": "emu3", "text_config": {"model_type": "emu3_text_model",
                                   "hidden_size": 64, "num_attention_heads": 2}})");
  EXPECT_EQ(emu3.base, 1e6);
  EXPECT_TRUE(emu3.notes.empty());
}

// MiniMax-M2 rotates rotary_dim of its head_dim (its code, and transformers' partial_rotary_factor).
TEST(ModelConfig, MiniMaxM2RotatesItsRotaryDim) {
  const std::string m2 = R"({"model_type": "minimax_m2", "hidden_size": 3072, "num_attention_heads": 48,
                             "head_dim": 128, "rotary_dim": 64, "rope_theta": 5000000})";
  const model_rope r = rope(m2);
  EXPECT_EQ(r.head_dim, 128u);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_EQ(r.pairs, layout::half);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 5e6)));
  EXPECT_TRUE(r.notes.empty());
  EXPECT_EQ(
      rope(R"({"model_type": "minimax_m2", "head_dim": 128, "hidden_size": 64, "num_attention_heads": 2})").rotary_dim,
      128u);  // no rotary_dim: the whole head, at the class's 5e6
  EXPECT_EQ(rope(R"({"model_type": "minimax_m2", "head_dim": 128, "hidden_size": 64, "num_attention_heads": 2})").base,
            5e6);
  EXPECT_TRUE(rejects(R"({"model_type": "minimax_m2", "head_dim": 128, "rotary_dim": 256, "hidden_size": 64,
                   "num_attention_heads": 2})",
                      "config.rotary_dim", "256"));
}

// RecurrentGemma: half the head turns, in the attention blocks of (block_types * 100)[:layers].
TEST(ModelConfig, RecurrentGemmaRotatesHalfInItsAttentionBlocks) {
  const model_rope r = rope(R"({"model_type": "recurrent_gemma", "hidden_size": 2560, "num_attention_heads": 10})");
  EXPECT_EQ(r.head_dim, 256u);
  EXPECT_EQ(r.rotary_dim, 128u);
  EXPECT_TRUE(close(r.frequencies, inv_default(128, 1e4)));
  std::vector<std::size_t> recurrent;
  for (std::size_t i = 0; i < 26; ++i)
    if (i % 3 != 2) recurrent.push_back(i);
  EXPECT_EQ(r.layers_without_rope, recurrent);
  const model_rope two = rope(R"({"model_type": "recurrent_gemma", "hidden_size": 64, "num_attention_heads": 2,
                                  "num_hidden_layers": 4, "block_types": ["attention", "recurrent"]})");
  EXPECT_EQ(two.layers_without_rope, (std::vector<std::size_t>{1, 3}));
  EXPECT_TRUE(rejects(R"({"model_type": "recurrent_gemma", "block_types": []})", "config.block_types", ""));
  EXPECT_TRUE(rejects(R"({"model_type": "recurrent_gemma", "block_types": ["recurrent"]})", "config.block_types",
                      "no layer would apply RoPE"));
}

// ChatGLM: the first half of a kv_channels-wide head in adjacent pairs, base 10000 * rope_ratio.
TEST(ModelConfig, ChatGlmTurnsHalfItsHeadAtTheRatioBase) {
  const std::string shape = R"("model_type": "chatglm", "hidden_size": 4096, "num_attention_heads": 32)";
  const model_rope r = rope("{" + shape + R"(, "kv_channels": 128, "rope_ratio": 500, "seq_length": 131072})");
  EXPECT_EQ(r.head_dim, 128u);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_EQ(r.base, 5e6);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 5e6)));
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_TRUE(has_note(r, "chatglm-rope-ratio path=config.rope_ratio"));
  const model_rope plain = rope("{" + shape + "}");  // ChatGLM3-6B: no rope_ratio, head 4096 / 32
  EXPECT_EQ(plain.base, 1e4);
  EXPECT_EQ(plain.rotary_dim, 64u);
  EXPECT_TRUE(plain.notes.empty());
  EXPECT_TRUE(rejects("{" + shape + R"(, "rope_ratio": 0})", "config.rope_ratio", "0"));
}

TEST(ModelConfig, MoonshineTurnsAdjacentPairsOfMostOfItsHead) {
  const model_rope tiny = rope(R"({"model_type": "moonshine", "hidden_size": 288, "encoder_num_attention_heads": 8})");
  EXPECT_EQ(tiny.head_dim, 36u);
  EXPECT_EQ(tiny.rotary_dim, 32u);  // int(36 * 0.9)
  EXPECT_EQ(tiny.pairs, layout::interleaved);
  EXPECT_TRUE(close(tiny.frequencies, inv_default(32, 1e4)));
  EXPECT_EQ(rope(R"({"model_type": "moonshine", "hidden_size": 416, "encoder_num_attention_heads": 8,
                     "partial_rotary_factor": 0.62})")
                .rotary_dim,
            32u);  // int(52 * 0.62)
}

// OLMo 3: Gemma 3's per-layer-type RoPE; rope_scaling on full layers, the sliding ones at 500000.
TEST(ModelConfig, Olmo3ScalesItsFullLayersOnly) {
  const std::string olmo3 = R"({"model_type": "olmo3", "hidden_size": 4096, "num_attention_heads": 32,
      "max_position_embeddings": 65536, "rope_theta": 1000000,
      "rope_scaling": {"rope_type": "yarn", "factor": 8, "original_max_position_embeddings": 8192}})";
  EXPECT_EQ(layer_types(olmo3), (std::vector<std::string>{"sliding_attention", "full_attention"}));
  const model_rope full = rope(olmo3);
  EXPECT_EQ(full.rope_type, "yarn");
  EXPECT_EQ(full.base, 1e6);
  EXPECT_TRUE(close(full.frequencies, inv_yarn(128, 1e6, 8, 8192, true)));
  const model_rope sliding = rope(olmo3, "sliding_attention");
  EXPECT_EQ(sliding.rope_type, "default");
  EXPECT_EQ(sliding.base, 5e5);  // the second kwargs.pop("rope_theta", 500000) finds nothing
  EXPECT_TRUE(close(sliding.frequencies, inv_default(128, 5e5)));
  EXPECT_TRUE(full.notes.empty());
}

TEST(ModelConfig, BaichuanSevenBRotatesThirteenBUsesAlibi) {
  const model_rope r = rope(R"({"model_type": "baichuan", "hidden_size": 4096, "num_attention_heads": 32})");
  EXPECT_EQ(r.head_dim, 128u);
  EXPECT_EQ(r.pairs, layout::half);
  EXPECT_TRUE(r.notes.empty());
  EXPECT_TRUE(rejects(R"({"model_type": "baichuan", "hidden_size": 5120, "num_attention_heads": 40})",
                      "config.hidden_size", "ALiBi"));
}

TEST(ModelConfig, NemotronNasLayersWithoutAttentionTakeNoRope) {
  const std::string blocks = R"("block_configs": [
      {"attention": {"n_heads_in_group": 8, "no_op": false, "replace_with_linear": false}, "ffn": {}},
      {"attention": {"n_heads_in_group": null, "no_op": true, "replace_with_linear": false}, "ffn": {}},
      {"attention": {"n_heads_in_group": 8, "no_op": false, "replace_with_linear": true}, "ffn": {}},
      {"attention": {"n_heads_in_group": 8}, "ffn": {}}])";
  const std::string shape = R"("model_type": "nemotron-nas", "hidden_size": 8192, "num_attention_heads": 64,
      "rope_theta": 500000.0, "rope_scaling": {"factor": 8.0, "high_freq_factor": 4.0, "low_freq_factor": 1.0,
      "original_max_position_embeddings": 8192, "rope_type": "llama3"}, )";
  const model_rope r = rope("{" + shape + R"("num_hidden_layers": 4, )" + blocks + "}");
  EXPECT_EQ(r.rope_type, "llama3");
  EXPECT_EQ(r.head_dim, 128u);
  EXPECT_TRUE(close(r.frequencies, inv_llama3(128, 5e5, 8, 1, 4, 8192)));
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{1, 2}));
  EXPECT_TRUE(rejects("{" + shape + R"("num_hidden_layers": 5, )" + blocks + "}", "config.block_configs.length", "4"));
  EXPECT_TRUE(rejects("{" + shape + R"("num_hidden_layers": 1, "block_configs": [{"ffn": {}}]})",
                      "config.block_configs[0].attention", "none"));
}

// DeepSeek-V3.2 and GLM-5: DeepSeek-V3's MLA; their indexers' pairs are said in a note.
TEST(ModelConfig, DeepSeekV32AndGlm5TurnTheirMlaSliceInAdjacentPairs) {
  const std::string v32 = R"({"model_type": "deepseek_v32", "hidden_size": 7168, "num_attention_heads": 128,
      "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "rope_theta": 10000,
      "rope_scaling": {"type": "yarn", "factor": 40, "original_max_position_embeddings": 4096, "beta_fast": 32,
                       "beta_slow": 1, "mscale": 1.0, "mscale_all_dim": 1.0}})";
  const model_rope r = rope(v32);
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.pairs, layout::interleaved_to_half);
  EXPECT_TRUE(close(r.frequencies, inv_yarn(64, 1e4, 40, 4096, true)));
  EXPECT_TRUE(close(softmax(v32), 1 / std::sqrt(192.0) * get_mscale(40) * get_mscale(40)));
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_TRUE(has_note(r, "indexer"));
  EXPECT_TRUE(has_note(r, "deepseek-v32-indexer"));
  // GLM-5: its code turns adjacent pairs whatever rope_interleave says; base from rope_parameters.
  const std::string glm5 = R"({"model_type": "glm_moe_dsa", "qk_nope_head_dim": 192, "qk_rope_head_dim": 64,
      "rope_interleave": false, "rope_parameters": {"rope_theta": 1000000, "rope_type": "default"}})";
  const model_rope g = rope(glm5);
  EXPECT_EQ(g.head_dim, 64u);
  EXPECT_EQ(g.pairs, layout::interleaved);
  EXPECT_TRUE(close(g.frequencies, inv_default(64, 1e6)));
  EXPECT_TRUE(close(softmax(glm5), 1 / 16.0));  // (192 + 64)^-0.5, no mscale without YaRN
  EXPECT_TRUE(has_note(g, "indexer"));
  EXPECT_EQ(rope(R"({"model_type": "glm_moe_dsa"})").head_dim, 64u);
}

TEST(ModelConfig, KimiLinearHasNoRotaryEmbeddings) {
  const std::string text = R"({"model_type": "kimi_linear", "hidden_size": 2304, "num_attention_heads": 32,
      "qk_rope_head_dim": 64, "mla_use_nope": true, "rope_theta": 10000.0})";
  EXPECT_TRUE(rejects(text, "config.model_type", "'kimi_linear'"));
  EXPECT_TRUE(rejects(R"({"model_type": "kimi_k3", "text_config": )" + text + "}", "config.text_config.model_type",
                      "'kimi_linear'"));
}

// Ling (bailing_moe): rotate_half over int(head_dim * partial_rotary_factor), in every rope type.
TEST(ModelConfig, LingRotatesItsPartialFactor) {
  const std::string ling2 = R"({"model_type": "bailing_moe", "architectures": ["BailingMoeV2ForCausalLM"],
      "hidden_size": 2048, "num_attention_heads": 16, "head_dim": 128, "partial_rotary_factor": 0.5,
      "rope_theta": 600000})";
  const model_rope r = rope(ling2);
  EXPECT_EQ(r.head_dim, 128u);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_EQ(r.pairs, layout::half);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 6e5)));
  EXPECT_TRUE(r.notes.empty());
  // Ling 1.x: no factor, the whole head (2048 / 16); YaRN over the partial width too.
  EXPECT_EQ(rope(R"({"model_type": "bailing_moe", "hidden_size": 2048, "num_attention_heads": 16})").rotary_dim, 128u);
  const model_rope y = rope(R"({"model_type": "bailing_moe", "head_dim": 128, "partial_rotary_factor": 0.5,
      "rope_scaling": {"type": "yarn", "factor": 4, "original_max_position_embeddings": 32768}})");
  EXPECT_TRUE(close(y.frequencies, inv_yarn(64, 1e4, 4, 32768, true)));
}

// Ring-linear: every layer rotates unless linear_rope is false; then only the last layer of each group
// of layer_group_size, and the layers past the last whole group.
TEST(ModelConfig, RingLinearRotatesItsLinearLayersUnlessTold) {
  const std::string ring = R"("model_type": "bailing_moe_linear", "hidden_size": 2048, "num_attention_heads": 16,
      "head_dim": 128, "partial_rotary_factor": 0.5, "layer_group_size": 5, )";
  const model_rope r = rope("{" + ring + R"("num_hidden_layers": 20})");
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_TRUE(r.layers_without_rope.empty());
  const model_rope off = rope("{" + ring + R"("num_hidden_layers": 22, "linear_rope": false})");
  std::vector<std::size_t> linear;
  for (std::size_t i = 0; i < 20; ++i)
    if (i % 5 != 4) linear.push_back(i);  // 20 and 21 are past the last whole group: softmax
  EXPECT_EQ(off.layers_without_rope, linear);
  EXPECT_TRUE(rejects("{" + ring + R"("num_hidden_layers": 20, "linear_rope": "no"})", "config.linear_rope", "no"));
}

// MiniMax-M1 / Text-01: rotary_dim of the head by rotate_half, only in the softmax layers of attn_type_list.
TEST(ModelConfig, MiniMaxM1RotatesItsSoftmaxLayersOnly) {
  for (const char* type : {"minimax_m1", "minimax_text_01"}) {
    SCOPED_TRACE(type);
    const std::string shape = std::string(R"("model_type": ")") + type +
                              R"(", "hidden_size": 6144, "num_attention_heads": 64, "head_dim": 128,
        "rotary_dim": 64, "rope_theta": 10000000, "num_hidden_layers": 8, )";
    const model_rope r = rope("{" + shape + R"("attn_type_list": [0, 0, 0, 1, 0, 0, 0, 1]})");
    EXPECT_EQ(r.head_dim, 128u);
    EXPECT_EQ(r.rotary_dim, 64u);
    EXPECT_EQ(r.pairs, layout::half);
    EXPECT_TRUE(close(r.frequencies, inv_default(64, 1e7)));
    EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{0, 1, 2, 4, 5, 6}));
    ASSERT_EQ(r.notes.size(), 1u);
    EXPECT_TRUE(has_note(r, "layers-without-rope"));
    EXPECT_TRUE(rejects("{" + shape + R"("max_position_embeddings": 4096})", "config.attn_type_list", "none"));
    EXPECT_TRUE(
        rejects("{" + shape + R"("attn_type_list": [0, 0, 0, 2, 0, 0, 0, 1]})", "config.attn_type_list[3]", "2"));
    EXPECT_TRUE(
        rejects("{" + shape + R"("attn_type_list": [0, 0, 0, 0, 0, 0, 0, 0]})", "config.attn_type_list", "none"));
    // Its rotary embedding takes (dim, base) alone: a rope_scaling is not applied, and a note says so.
    const model_rope s = rope("{" + shape + R"("attn_type_list": [1, 1, 1, 1, 1, 1, 1, 1],
        "rope_scaling": {"type": "linear", "factor": 4}})");
    EXPECT_EQ(s.rope_type, "default");
    EXPECT_TRUE(close(s.frequencies, inv_default(64, 1e7)));
    EXPECT_TRUE(has_note(s, "scaling-not-read path=config.rope_scaling modelType="));
  }
}

// Embedding models that rotate: jina-embeddings-v3 (an XLM-RoBERTa with "rotary" positions), nomic-embed-text
// and NeoBERT, each by its own code's keys.
TEST(ModelConfig, JinaV3RotatesWhereXlmRobertaHasLearnedPositions) {
  const std::string shape = R"("model_type": "xlm-roberta", "hidden_size": 1024, "num_attention_heads": 16,
      "max_position_embeddings": 8194, )";
  const model_rope r = rope("{" + shape + R"("position_embedding_type": "rotary", "rotary_emb_base": 20000.0})");
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_EQ(r.pairs, layout::half);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 2e4)));
  EXPECT_TRUE(r.notes.empty());
  const model_rope half = rope("{" + shape + R"("position_embedding_type": "rotary", "rotary_emb_base": 20000.0,
      "rotary_emb_dim": 32, "rotary_emb_interleaved": true, "rope_theta": 500000})");
  EXPECT_EQ(half.rotary_dim, 32u);
  EXPECT_EQ(half.pairs, layout::interleaved);
  EXPECT_TRUE(close(half.frequencies, inv_default(32, 2e4)));  // its code reads rotary_emb_base alone
  // XLM-RoBERTa's own absolute positions, a base its code needs, and xPos are refused.
  EXPECT_TRUE(rejects("{" + shape + R"("vocab_size": 250002})", "config.position_embedding_type", "'absolute'"));
  EXPECT_TRUE(rejects("{" + shape + R"("position_embedding_type": "rotary"})", "config.rotary_emb_base", "undefined"));
  EXPECT_TRUE(rejects("{" + shape + R"("position_embedding_type": "rotary", "rotary_emb_base": 10000,
      "rotary_emb_scale_base": 512})",
                      "config.rotary_emb_scale_base", "512"));
}

TEST(ModelConfig, NomicBertReadsItsGpt2Names) {
  const std::string nomic = R"("model_type": "nomic_bert", "n_embd": 768, "n_head": 12, "n_positions": 8192,
      "rotary_emb_base": 1000, "rotary_emb_interleaved": false, )";
  const model_rope r = rope("{" + nomic + R"("rotary_emb_fraction": 1.0})");
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_EQ(r.pairs, layout::half);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 1000)));
  EXPECT_TRUE(r.notes.empty());
  EXPECT_EQ(rope("{" + nomic + R"("rotary_emb_fraction": 0.5})").rotary_dim, 32u);
  const model_rope scaled = rope("{" + nomic + R"("rotary_emb_fraction": 1.0, "rotary_scaling_factor": 2})");
  EXPECT_TRUE(close(scaled.frequencies, inv_default(64, 1000)));
  EXPECT_TRUE(has_note(scaled, "nomic-dynamic-ntk path=config.rotary_scaling_factor value=2"));
  // NomicBertConfig's rotary_emb_fraction is 0 by default: no rotary embedding to read.
  EXPECT_TRUE(rejects("{" + nomic + R"("n_layer": 12})", "config.rotary_emb_fraction", "0"));
}

TEST(ModelConfig, NeoBertTurnsAdjacentPairsAtAFixedBase) {
  const model_rope r = rope(R"({"model_type": "neobert", "hidden_size": 768, "num_attention_heads": 12,
      "max_length": 4096, "rope_theta": 500000})");
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.pairs, layout::interleaved);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 1e4)));  // precompute_freqs_cis' theta, whatever the config says
  EXPECT_EQ(r.max_position_embeddings, 4096.0);
}

// Arcee Trinity (afmoe): only its sliding layers rotate; the global ones, every 4th by default, are NoPE.
TEST(ModelConfig, AfmoeRotatesItsSlidingLayersOnly) {
  const std::string trinity = R"("model_type": "afmoe", "hidden_size": 2048, "num_attention_heads": 32, )";
  const model_rope r = rope("{" + trinity + R"("num_hidden_layers": 8})");
  EXPECT_EQ(r.layer_types, std::vector<std::string>{"sliding_attention"});
  EXPECT_EQ(r.head_dim, 128u);  // the class default, not 2048 / 32
  EXPECT_TRUE(close(r.frequencies, inv_default(128, 1e4)));
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{3, 7}));
  EXPECT_EQ(rope("{" + trinity + R"("num_hidden_layers": 6, "global_attn_every_n_layers": 3})").layers_without_rope,
            (std::vector<std::size_t>{2, 5}));
  const model_rope listed = rope("{" + trinity + R"("num_hidden_layers": 3, "sliding_window": null,
      "layer_types": ["full_attention", "sliding_attention", "sliding_attention"]})");
  EXPECT_EQ(listed.layers_without_rope, (std::vector<std::size_t>{0}));
}

TEST(ModelConfig, Lfm2MoeGptNeoxJapaneseAndMiMoByTheirClasses) {
  const model_rope lfm = rope(R"({"model_type": "lfm2_moe", "hidden_size": 2048, "num_attention_heads": 32,
      "num_hidden_layers": 4, "layer_types": ["conv", "conv", "full_attention", "conv"]})");
  EXPECT_EQ(lfm.head_dim, 64u);
  EXPECT_TRUE(close(lfm.frequencies, inv_default(64, 1e6)));
  EXPECT_EQ(lfm.layers_without_rope, (std::vector<std::size_t>{0, 1, 3}));
  const std::string japanese = R"("model_type": "gpt_neox_japanese", "hidden_size": 2560, "num_attention_heads": 32)";
  EXPECT_EQ(rope("{" + japanese + "}").rotary_dim, 80u);  // rotary_pct 1.0 by default (GPT-NeoX: 0.25)
  EXPECT_EQ(rope("{" + japanese + R"(, "rotary_pct": 0.5})").rotary_dim, 40u);
  const model_rope mimo = rope(R"({"model_type": "mimo", "hidden_size": 4096, "num_attention_heads": 32,
      "rope_theta": 640000})");
  EXPECT_TRUE(close(mimo.frequencies, inv_default(128, 6.4e5)));
  EXPECT_TRUE(mimo.notes.empty());
}

// MiMo-V2-Flash: a third of its 192-wide head turns in both layer types, at two bases.
TEST(ModelConfig, MiMoV2FlashTurnsAThirdOfItsHeadPerLayerType) {
  const std::string flash = R"({"model_type": "mimo_v2_flash", "hidden_size": 4096, "num_attention_heads": 64,
      "head_dim": 192, "v_head_dim": 128, "partial_rotary_factor": 0.334, "rope_theta": 5000000,
      "swa_rope_theta": 10000, "sliding_window": 128, "hybrid_layer_pattern": [0, 1, 1, 1, 1, 0]})";
  EXPECT_EQ(layer_types(flash), (std::vector<std::string>{"sliding_attention", "full_attention"}));
  const model_rope full = rope(flash, "full_attention"), sliding = rope(flash, "sliding_attention");
  for (const model_rope* r : {&full, &sliding}) {
    EXPECT_EQ(r->head_dim, 192u);
    EXPECT_EQ(r->rotary_dim, 64u);  // int(192 * 0.334)
    EXPECT_EQ(r->pairs, layout::half);
    EXPECT_TRUE(r->notes.empty());
  }
  EXPECT_TRUE(close(full.frequencies, inv_default(64, 5e6)));
  EXPECT_TRUE(close(sliding.frequencies, inv_default(64, 1e4)));
  // Without the keys: the class's defaults; a legacy rope_scaling reaches the full layers only.
  const std::string bare = R"({"model_type": "mimo_v2_flash"})";
  EXPECT_EQ(rope(bare, "full_attention").rotary_dim, 64u);
  EXPECT_TRUE(close(rope(bare, "sliding_attention").frequencies, inv_default(64, 1e4)));
  const std::string scaled = R"({"model_type": "mimo_v2_flash", "rope_scaling": {"rope_type": "yarn", "factor": 4,
      "original_max_position_embeddings": 32768}})";
  EXPECT_TRUE(close(rope(scaled, "full_attention").frequencies, inv_yarn(64, 5e6, 4, 32768, true)));
  EXPECT_EQ(rope(scaled, "sliding_attention").rope_type, "default");
}

// GTE v1.5 ("new"): its own fixed NTK, derived here from modeling.py's NTKScalingRotaryEmbedding.
TEST(ModelConfig, GteTurnsByItsFixedNtk) {
  const std::string shape = R"("model_type": "new", "hidden_size": 768, "num_attention_heads": 12,
      "max_position_embeddings": 8192, "rope_theta": 500000, )";
  const model_rope r = rope("{" + shape + R"("rope_scaling": {"type": "ntk", "factor": 2.0}})");
  EXPECT_EQ(r.rope_type, "ntk");
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.pairs, layout::half);
  std::vector<double> fixed;  // (base * f)^(-2i/d) / f^(2/d)
  for (int i = 0; i < 32; ++i) fixed.push_back(1 / std::pow(1e6, i / 32.0) / std::pow(2.0, 1 / 32.0));
  EXPECT_TRUE(close(r.frequencies, fixed));
  EXPECT_TRUE(close(r.attention_factor, 1.0));
  std::vector<double> mixed;  // base^(-2i/d) / exp(a (i + 1)^b), a = ln f / (d/2)^b
  for (int i = 0; i < 32; ++i)
    mixed.push_back(1 / std::pow(5e5, i / 32.0) / std::exp(std::log(2.0) / std::pow(32.0, 0.5) * std::sqrt(i + 1.0)));
  EXPECT_TRUE(close(
      rope("{" + shape + R"("rope_scaling": {"type": "ntk", "factor": 2.0, "mixed_b": 0.5}})").frequencies, mixed));
  // No scaling, or a factor of 1: the plain frequencies (GTE's cache never passes max_position_embeddings).
  EXPECT_TRUE(close(rope("{" + shape + R"("rope_scaling": null})").frequencies, inv_default(64, 5e5)));
  const model_rope one = rope("{" + shape + R"("rope_scaling": {"type": "ntk", "factor": 1.0}})");
  EXPECT_EQ(one.rope_type, "default");
  EXPECT_TRUE(close(one.frequencies, inv_default(64, 5e5)));
  EXPECT_TRUE(has_note(one, "gte-ntk-plain"));
  // Its code builds no other scaling, and "absolute" is learned positions.
  EXPECT_TRUE(rejects("{" + shape + R"("rope_scaling": {"type": "linear", "factor": 2.0}})", "config.rope_scaling.type",
                      "'linear'"));
  EXPECT_TRUE(rejects("{" + shape + R"("position_embedding_type": "absolute"})", "config.position_embedding_type",
                      "'absolute'"));
  EXPECT_TRUE(
      rejects("{" + shape + R"("rope_scaling": {"type": "ntk", "factor": 0}})", "config.rope_scaling.factor", "0"));
}

// Janus-Pro and DeepSeek-VL2 keep their language model in language_config.
TEST(ModelConfig, JanusAndDeepSeekVl2ReadTheirLanguageConfig) {
  // Janus-Pro-7B's language_config as published: LlamaConfig's sizes for the rest.
  const model_rope janus = rope(R"({"model_type": "multi_modality", "language_config": {
      "max_position_embeddings": 16384, "model_type": "llama", "num_hidden_layers": 30, "vocab_size": 102400}})");
  EXPECT_EQ(janus.head_dim, 128u);
  EXPECT_EQ(janus.pairs, layout::half);
  EXPECT_TRUE(close(janus.frequencies, inv_default(128, 1e4)));
  EXPECT_TRUE(janus.notes.empty());
  // DeepSeek-VL2-small: MLA by default, the 64-wide slice in adjacent pairs.
  const model_rope small = rope(R"({"model_type": "deepseek_vl_v2", "language_config": {"model_type": "deepseek_v2",
      "hidden_size": 2048, "num_attention_heads": 16, "num_hidden_layers": 27, "q_lora_rank": null}})");
  EXPECT_EQ(small.head_dim, 64u);
  EXPECT_EQ(small.pairs, layout::interleaved);
  // DeepSeek-VL2-tiny: use_mla false is transformers' LlamaAttention over the whole 1280 / 10 head.
  const std::string tiny = R"({"model_type": "deepseek_vl_v2", "language_config": {"model_type": "deepseek_v2",
      "hidden_size": 1280, "num_attention_heads": 10, "num_hidden_layers": 12, "use_mla": false,
      "qk_nope_head_dim": 0, "qk_rope_head_dim": 0, "v_head_dim": 0}})";
  const model_rope t = rope(tiny);
  EXPECT_EQ(t.head_dim, 128u);
  EXPECT_EQ(t.rotary_dim, 128u);
  EXPECT_EQ(t.pairs, layout::half);
  EXPECT_TRUE(close(t.frequencies, inv_default(128, 1e4)));
  EXPECT_TRUE(close(softmax(tiny), 1 / std::sqrt(128.0)));
}

TEST(ModelConfig, InternVlReadsItsLlmConfig) {
  const model_rope r = rope(R"({"model_type": "internvl_chat", "hidden_size": 896, "llm_config": {
      "model_type": "qwen2", "hidden_size": 896, "num_attention_heads": 14, "max_position_embeddings": 32768,
      "rope_theta": 1000000.0, "rope_scaling": {"factor": 2.0, "rope_type": "dynamic", "type": "dynamic"}}})");
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.rope_type, "dynamic");
  EXPECT_EQ(r.base, 1e6);
  EXPECT_TRUE(r.notes.empty());
  EXPECT_EQ(rope(R"({"model_type": "internvl_chat"})").head_dim, 128u);  // InternLM2's 4096 / 32
}

TEST(ModelConfig, PaliGemmaSaysItCountsPositionsFromOne) {
  const model_rope r = rope(R"({"model_type": "paligemma", "text_config": {"model_type": "gemma",
      "hidden_size": 2048, "num_attention_heads": 8}})");
  EXPECT_EQ(r.head_dim, 256u);
  EXPECT_TRUE(close(r.frequencies, inv_default(256, 1e4)));
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_TRUE(has_note(r, "paligemma-positions"));
  EXPECT_EQ(rope(R"({"model_type": "paligemma"})").head_dim, 256u);  // the default Gemma text model
}

TEST(ModelConfig, FuyuIsPersimmonText) {
  const model_rope r =
      rope(R"({"model_type": "fuyu", "hidden_size": 4096, "num_attention_heads": 64, "rope_theta": 25000.0})");
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.rotary_dim, 32u);  // Persimmon's partial_rotary_factor 0.5
  EXPECT_TRUE(close(r.frequencies, inv_default(32, 25000)));
  EXPECT_TRUE(r.notes.empty());
}

// ApertusConfig's rope_parameters when the config has none: llama3 at 1.2e7.
TEST(ModelConfig, ApertusDefaultsToLlama3) {
  const model_rope r = rope(R"({"model_type": "apertus", "hidden_size": 4096, "num_attention_heads": 32})");
  EXPECT_EQ(r.rope_type, "llama3");
  EXPECT_EQ(r.base, 1.2e7);
  EXPECT_TRUE(close(r.frequencies, inv_llama3(128, 1.2e7, 8, 1, 4, 8192)));
  const model_rope plain = rope(R"({"model_type": "apertus", "hidden_size": 4096, "num_attention_heads": 32,
                                    "rope_scaling": {"rope_type": "default"}})");
  EXPECT_EQ(plain.rope_type, "default");
  EXPECT_EQ(plain.base, 1.2e7);
}

TEST(ModelConfig, Phi4MultimodalRotatesAsPhi3) {
  for (const char* type : {"phi4_multimodal", "phi4mm"}) {
    const std::string cfg = std::string(R"({"model_type": ")") + type +
                            R"(", "hidden_size": 3072, "num_attention_heads": 24, "partial_rotary_factor": 0.75})";
    const model_rope r = rope(cfg);
    EXPECT_EQ(r.head_dim, 128u) << type;
    EXPECT_EQ(r.rotary_dim, 96u) << type;  // Phi-3 honours partial_rotary_factor; Llama's rules would not
    EXPECT_TRUE(close(r.frequencies, inv_default(96, 1e4))) << type;
    EXPECT_TRUE(r.notes.empty()) << type;
  }
}

// MLA models: the rope slice's width and pairs, and the softmax over the whole q.k width.
TEST(ModelConfig, KimiMiniCpm3AndLongCatTurnTheirRopeSlice) {
  const std::string mla = R"("hidden_size": 2560, "num_attention_heads": 40, "qk_nope_head_dim": 64,
                             "qk_rope_head_dim": 32)";
  const model_rope kimi = rope(R"({"model_type": "kimi_k2", )" + mla + "}");
  EXPECT_EQ(kimi.head_dim, 32u);
  EXPECT_EQ(kimi.pairs, layout::interleaved_to_half);
  EXPECT_TRUE(kimi.notes.empty());
  const std::string minicpm3 = R"({"model_type": "minicpm3", "head_dim": 96, )" + mla + "}";
  const model_rope m = rope(minicpm3);
  EXPECT_EQ(m.head_dim, 32u);  // qk_rope_head_dim, not the 96 its remote config also writes
  EXPECT_EQ(m.pairs, layout::half);
  EXPECT_TRUE(close(m.frequencies, inv_default(32, 1e4)));
  EXPECT_TRUE(close(softmax(minicpm3), 1 / std::sqrt(96.0)));
  EXPECT_EQ(rope(R"({"model_type": "minicpm3"})").head_dim, 32u);
  const model_rope longcat = rope(R"({"model_type": "longcat_flash"})");
  EXPECT_EQ(longcat.head_dim, 64u);
  EXPECT_EQ(longcat.pairs, layout::interleaved_to_half);
  EXPECT_EQ(longcat.base, 1e7);
}

TEST(ModelConfig, Glm47FlashIsMlaWithAdjacentPairs) {
  // GLM-4.7-Flash's shape: MLA with a 64-wide rope slice of a 256-wide q/k head, rope_interleave default true.
  const std::string flash = R"({"model_type": "glm4_moe_lite", "hidden_size": 2048, "num_attention_heads": 20,
      "qk_rope_head_dim": 64, "qk_nope_head_dim": 192, "rope_theta": 1000000.0})";
  const model_rope r = rope(flash);
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_EQ(r.pairs, posenc::layout::interleaved_to_half);
  EXPECT_TRUE(close(r.frequencies, inv_default(64, 1e6)));
  EXPECT_TRUE(r.notes.empty());
  EXPECT_TRUE(close(softmax(flash), 1 / 16.0));  // (192 + 64)^-0.5
  // GLM's rotary honours partial_rotary_factor; rope_interleave false gives rotate_half pairs
  const std::string half = R"({"model_type": "glm4_moe_lite", "qk_rope_head_dim": 64, "partial_rotary_factor": 0.5,
      "rope_interleave": false})";
  EXPECT_EQ(rope(half).rotary_dim, 32u);
  EXPECT_EQ(rope(half).pairs, posenc::layout::half);
}

TEST(ModelConfig, HunyuanAlphaUpToMaxPositionEmbeddings) {
  const std::string config = R"({"model_type": "hunyuan_v1_dense", "head_dim": 128, "hidden_size": 4096,
      "num_attention_heads": 32, "max_position_embeddings": 32768, "rope_theta": 10000.0,
      "rope_scaling": {"alpha": 1000.0, "factor": 1.0, "type": "dynamic"}})";
  const std::vector<double> alpha = inv_default(128, 1e4 * std::pow(1000.0, 128.0 / 126.0));
  EXPECT_TRUE(close(rope(config).frequencies, alpha));
  EXPECT_TRUE(close(rope(config, "", 32768).frequencies, alpha));
  EXPECT_TRUE(has_note(rope(config), "alpha"));
  // past max_position_embeddings: the plain dynamic rule (factor 1), alpha gone
  EXPECT_TRUE(close(rope(config, "", 65536).frequencies, inv_dynamic(128, 1e4, 1.0, 32768, 65536)));
  // `rope_parameters.get("alpha")` is tested for truth: 0, false and "" leave the plain dynamic rule.
  for (const char* falsy : {"0", "false", R"("")", "null"}) {
    std::string plain = config;
    plain.replace(plain.find("1000.0"), 6, falsy);
    const model_rope r = rope(plain);
    EXPECT_TRUE(close(r.frequencies, inv_default(128, 1e4))) << falsy;
    EXPECT_FALSE(has_note(r, "alpha")) << falsy;
  }
}

// CWM: llama3 by default at 1e6 over a 128-wide head; its sliding layers rotate as the full ones do.
TEST(ModelConfig, CwmDefaultsToLlama3) {
  const model_rope r = rope(R"({"model_type": "cwm", "hidden_size": 6144, "num_attention_heads": 48,
                                "num_hidden_layers": 8})");
  EXPECT_EQ(r.rope_type, "llama3");
  EXPECT_EQ(r.base, 1e6);
  EXPECT_TRUE(close(r.frequencies, inv_llama3(128, 1e6, 16, 1, 4, 8192)));
  EXPECT_TRUE(r.layers_without_rope.empty());
  EXPECT_TRUE(r.notes.empty());
}

// transformers' minimax port: full attention on even layers by default, lightning (no RoPE) on odd ones.
TEST(ModelConfig, MiniMaxPortRotatesItsFullAttentionLayers) {
  const std::string text = R"("model_type": "minimax", "hidden_size": 512, "num_attention_heads": 4, )";
  const model_rope r = rope("{" + text + R"("num_hidden_layers": 6})");
  EXPECT_EQ(r.rotary_dim, 128u);
  EXPECT_TRUE(close(r.frequencies, inv_default(128, 1e6)));
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{1, 3, 5}));
  EXPECT_TRUE(r.notes.size() == 1 && has_note(r, "layers-without-rope count=3 layerType="));
  const model_rope listed = rope("{" + text + R"("num_hidden_layers": 3, "full_attention_interval": 1,
      "layer_types": ["linear_attention", "linear_attention", "full_attention"]})");
  EXPECT_EQ(listed.layers_without_rope, (std::vector<std::size_t>{0, 1}));  // the interval key is not its own
  // the checkpoint's rotary_dim (64 of 128), turned as MiniMax's code turns it, with a note on the port
  const model_rope partial = rope("{" + text + R"("num_hidden_layers": 2, "rotary_dim": 64})");
  EXPECT_EQ(partial.rotary_dim, 64u);
  EXPECT_TRUE(close(partial.frequencies, inv_default(64, 1e6)));
  EXPECT_TRUE(has_note(partial, "minimax-rotary-dim path=config.rotary_dim value=64"));
  EXPECT_TRUE(rejects("{" + text + R"("num_hidden_layers": 2, "layer_types": ["linear_attention",
      "linear_attention"]})",
                      "config.layer_types", "none: no layer would apply RoPE"));
}

// Mistral 4: DeepSeek's MLA slice (64 features, adjacent pairs), YaRN 128 over 8192 by default, a softmax
// scale of qk_head_dim^-0.5 alone, and a partial factor that must name the slice.
TEST(ModelConfig, Mistral4TurnsItsMlaSlice) {
  const std::string mla = R"("model_type": "mistral4", "hidden_size": 4096, "num_attention_heads": 32)";
  const model_rope r = rope("{" + mla + "}");
  EXPECT_EQ(r.rope_type, "yarn");
  EXPECT_EQ(r.head_dim, 64u);
  EXPECT_EQ(r.rotary_dim, 64u);
  EXPECT_EQ(r.pairs, layout::interleaved_to_half);
  EXPECT_TRUE(close(r.frequencies, inv_yarn(64, 1e4, 128, 8192, true)));
  EXPECT_TRUE(close(r.attention_factor, 1.0));
  EXPECT_TRUE(has_note(r, "llama_4_scaling_beta value=0.1"));
  EXPECT_TRUE(close(softmax("{" + mla + "}"), 1 / std::sqrt(128.0)));  // qk_nope 64 + qk_rope 64, no mscale
  const model_rope given = rope("{" + mla + R"(, "rope_interleave": false, "rope_parameters": {"rope_type":
      "yarn", "rope_theta": 10000, "factor": 128, "original_max_position_embeddings": 8192, "beta_fast": 32,
      "beta_slow": 1, "mscale": 1, "mscale_all_dim": 1, "partial_rotary_factor": 0.5}})");
  EXPECT_EQ(given.rotary_dim, 64u);  // 0.5 of qk_head_dim 128: the slice itself, not half of it
  EXPECT_EQ(given.pairs, layout::half);
  EXPECT_TRUE(close(given.frequencies, inv_yarn(64, 1e4, 128, 8192, true)));
  EXPECT_TRUE(rejects("{" + mla + R"(, "rope_parameters": {"rope_type": "default", "partial_rotary_factor": 0.25}})",
                      "config.rope_parameters.partial_rotary_factor", "0.25"));
  EXPECT_EQ(rope("{" + mla + R"(, "qk_rope_head_dim": 32, "qk_nope_head_dim": 96, "rope_parameters":
      {"rope_type": "default", "partial_rotary_factor": 0.25}})")
                .rotary_dim,
            32u);
}

// nanochat turns each pair by -m theta: the frequencies are Llama's, a note says the direction.
TEST(ModelConfig, NanochatSaysItTurnsTheOtherWay) {
  const model_rope r = rope(R"({"model_type": "nanochat", "hidden_size": 1280, "num_attention_heads": 10,
                                "head_dim": 64})");
  EXPECT_EQ(r.head_dim, 128u);  // hidden_size // heads, whatever head_dim says
  EXPECT_TRUE(close(r.frequencies, inv_default(128, 1e4)));
  EXPECT_TRUE(has_note(r, "nanochat-rotation"));
}

// Step-3 (step3_vl with a step3_text text_config): a 256-wide head, base 500000.
TEST(ModelConfig, Step3ReadsItsTextConfig) {
  const model_rope r = rope(R"({"model_type": "step3_vl", "text_config": {"model_type": "step3_text",
      "hidden_size": 7168, "num_attention_heads": 64, "max_position_embedding": 65536}})");
  EXPECT_EQ(r.head_dim, 256u);  // not 7168 / 64 = 112
  EXPECT_TRUE(close(r.frequencies, inv_default(256, 5e5)));
  EXPECT_EQ(r.max_position_embeddings, 65536.0);
  EXPECT_TRUE(r.notes.empty());
}

// T5Gemma: the decoder's self-attention RoPE, with a note on the encoder's.
TEST(ModelConfig, T5GemmaReadsItsDecoder) {
  const model_rope r = rope(R"({"model_type": "t5gemma", "encoder": {"model_type": "t5_gemma_module",
      "rope_theta": 20000}, "decoder": {"model_type": "t5_gemma_module", "hidden_size": 2304,
      "num_attention_heads": 8}})");
  EXPECT_EQ(r.head_dim, 256u);
  EXPECT_TRUE(close(r.frequencies, inv_default(256, 1e4)));
  EXPECT_TRUE(has_note(r, "t5gemma-decoder"));
  EXPECT_TRUE(close(rope(R"({"model_type": "t5gemma"})").frequencies, inv_default(256, 1e4)));
}

// Models read as Llama, or as a known class, with their own defaults.
TEST(ModelConfig, NewClassesKeepTheirDefaults) {
  const auto base = [](const char* type, const char* extra = "") {
    return rope(std::string(R"({"model_type": ")") + type +
                R"(", "hidden_size": 512, "num_attention_heads": 4, "num_hidden_layers": 4)" + extra + "}");
  };
  for (const char* type : {"diffllama", "jais2", "hyperclovax", "deepseek"}) {
    const model_rope r = base(type);
    EXPECT_TRUE(close(r.frequencies, inv_default(128, 1e4))) << type;
    EXPECT_TRUE(r.notes.empty()) << type;
  }
  EXPECT_TRUE(close(base("flex_olmo").frequencies, inv_default(128, 5e5)));
  EXPECT_TRUE(close(base("hy_v3", R"(, "head_dim": 64)").frequencies, inv_default(64, 11158840)));
  EXPECT_EQ(base("hy_v3").head_dim, 128u);
  const model_rope solar = base("solar_open", R"(, "partial_rotary_factor": 1.0)");
  EXPECT_EQ(solar.rotary_dim, 128u);  // GLM-4-MoE's config without its half head
  EXPECT_TRUE(close(solar.frequencies, inv_default(128, 1e6)));
  EXPECT_EQ(base("exaone_moe", R"(, "sliding_window": 4096)").layers_without_rope, (std::vector<std::size_t>{3}));
  const model_rope youtu = base("youtu", R"(, "qk_rope_head_dim": 64)");
  EXPECT_EQ(youtu.head_dim, 64u);
  EXPECT_EQ(youtu.pairs, layout::interleaved_to_half);
  const model_rope legacy = base("deepseek", R"(, "rope_scaling": {"type": "linear", "factor": 4})");
  EXPECT_TRUE(close(legacy.frequencies, inv_linear(128, 1e4, 4)));
}

// MiniCPM, DeepSeek-OCR 2, Cosmos 3 Edge, the OpenAI privacy filter and HY V4: each class's own defaults,
// pairs and head width, worked out from its configuration and modeling files.
TEST(ModelConfig, MoreClassesFromTheirOwnFiles) {
  // MiniCPM: Llama's rules, no note; its longrope is Llama's (short factors up to the original length).
  const model_rope minicpm = rope(R"({"model_type": "minicpm", "hidden_size": 256, "num_attention_heads": 4})");
  EXPECT_TRUE(close(minicpm.frequencies, inv_default(64, 1e4)));
  EXPECT_TRUE(minicpm.notes.empty());
  // DeepSeek-OCR 2's text model: the whole hidden_size / heads, whatever head_dim says, in text_config.
  const model_rope ocr = rope(R"({"model_type": "deepseek_ocr2", "text_config": {"model_type": "deepseek_ocr2_text",
      "hidden_size": 1280, "num_attention_heads": 10, "head_dim": 64}})");
  EXPECT_EQ(ocr.head_dim, 128u);
  EXPECT_EQ(ocr.pairs, layout::half);
  EXPECT_TRUE(close(ocr.frequencies, inv_default(128, 1e4)));
  EXPECT_EQ(rope(R"({"model_type": "deepseek_ocr2"})").head_dim, 4096u / 32u);
  // DeepseekOcr2Config builds its own text class whatever model_type text_config names (here DeepSeek-V2's MLA).
  EXPECT_EQ(rope(R"({"model_type": "deepseek_ocr2", "text_config": {"model_type": "deepseek_v2", "hidden_size": 1280,
      "num_attention_heads": 10, "qk_rope_head_dim": 64}})")
                .head_dim,
            128u);
  // Cosmos 3 Edge: base 1e8, head_dim 128 and interleaved sections [24, 20, 20] when the config gives none.
  const model_rope cosmos = rope(R"({"model_type": "cosmos3_edge", "text_config": {"hidden_size": 2048}})");
  EXPECT_EQ(cosmos.head_dim, 128u);
  EXPECT_TRUE(close(cosmos.frequencies, inv_default(128, 1e8)));
  EXPECT_EQ(cosmos.sections, (std::vector<std::int64_t>{24, 20, 20}));
  EXPECT_TRUE(cosmos.interleaved_sections);
  // The privacy filter: gpt-oss's YaRN (factor 32 over 4096, no truncation, base 150000) on adjacent pairs.
  const model_rope filter = rope(R"({"model_type": "openai_privacy_filter"})");
  EXPECT_EQ(filter.head_dim, 64u);
  EXPECT_EQ(filter.pairs, layout::interleaved);
  EXPECT_EQ(filter.rope_type, "yarn");
  EXPECT_TRUE(close(filter.frequencies, inv_yarn(64, 150000, 32, 4096, false)));
  EXPECT_NEAR(filter.attention_factor, 0.1 * std::log(32.0) + 1, 1e-12);
  // HY V4: MLA's rope slice (qk_rope_head_dim) in halves, even where rope_interleave asks for pairs.
  const model_rope hy = rope(R"({"model_type": "hy_v4", "qk_rope_head_dim": 32, "rope_interleave": true})");
  EXPECT_EQ(hy.head_dim, 32u);
  EXPECT_EQ(hy.pairs, layout::half);
  EXPECT_TRUE(close(hy.frequencies, inv_default(32, 1e4)));
  EXPECT_TRUE(has_note(hy, "hy-v4-indexer"));
  EXPECT_EQ(rope(R"({"model_type": "hy_v4"})").head_dim, 64u);
  // EuroBERT on transformers main: 1e4 when absent (its checkpoints state 250000); jina-embeddings-v3's port 20000.
  EXPECT_TRUE(close(rope(R"({"model_type": "eurobert"})").frequencies, inv_default(64, 1e4)));
  EXPECT_TRUE(close(rope(R"({"model_type": "jina_embeddings_v3"})").frequencies, inv_default(64, 2e4)));
}

// Cosmos 3 Edge: its own dict (base 1e8) when the config has none, so a top-level rope_theta is not read
// then; a given dict must hold three sections summing to head_dim / 2, and the rope type must be "default".
TEST(ModelConfig, Cosmos3EdgeValidatesItsDict) {
  const std::string text = R"({"model_type": "cosmos3_edge_text", "rope_theta": 500000)";
  EXPECT_TRUE(close(rope(text + "}").frequencies, inv_default(128, 1e8)));
  const model_rope given =
      rope(text + R"(, "rope_parameters": {"rope_type": "default", "mrope_section": [16, 24, 24]}})");
  EXPECT_TRUE(close(given.frequencies, inv_default(128, 5e5)));  // the top-level base fills a given dict
  EXPECT_EQ(given.sections, (std::vector<std::int64_t>{16, 24, 24}));
  EXPECT_TRUE(rejects(text + R"(, "rope_parameters": {"rope_type": "default"}})",
                      "config.rope_parameters.mrope_section", "absent"));
  EXPECT_TRUE(rejects(text + R"(, "rope_parameters": {"rope_type": "default", "mrope_section": [24, 20, 10]}})",
                      "config.rope_parameters.mrope_section", "54"));
  EXPECT_TRUE(rejects(text + R"(, "rope_parameters": {"rope_type": "default", "mrope_section": [24, 20, 10, 10]}})",
                      "config.rope_parameters.mrope_section.length", "4"));
  EXPECT_TRUE(rejects(text + R"(, "rope_parameters": {"rope_type": "linear", "factor": 2, "mrope_section": [24, 20,
      20]}})",
                      "config.rope_parameters.rope_type", "'linear'"));
}

// transformers main's nested_rope_parameter_keys for any class: the keys naming a layer type of the config
// make the dict nested, and its other keys are not read (once: every key had to be a layer type).
TEST(ModelConfig, NestedDictsAreKeyedByTheLayerTypesInUse) {
  const model_rope r = rope(R"({"model_type": "qwen2", "hidden_size": 512, "num_attention_heads": 4,
      "layer_types": ["full_attention", "full_attention"], "rope_parameters": {"full_attention": {
      "rope_type": "default", "rope_theta": 20000}, "sliding_attention": {"rope_type": "linear", "factor": 2},
      "rope_type": "linear"}})");
  EXPECT_EQ(r.layer_types, (std::vector<std::string>{"full_attention"}));
  EXPECT_EQ(r.rope_type, "default");
  EXPECT_TRUE(close(r.frequencies, inv_default(128, 2e4)));
}

// ZAYA: a dict per layer type in use ("hybrid" for every layer by default), half of each 128-wide head,
// 5e6 for hybrid layers and 1e4 for sliding ones; keys that name no layer type in use are not read.
TEST(ModelConfig, ZayaReadsTheLayerTypesInUse) {
  const model_rope plain = rope(R"({"model_type": "zaya", "num_hidden_layers": 4})");
  EXPECT_EQ(plain.layer_type, "hybrid");
  EXPECT_EQ(plain.head_dim, 128u);
  EXPECT_EQ(plain.rotary_dim, 64u);
  EXPECT_TRUE(close(plain.frequencies, inv_default(64, 5e6)));
  EXPECT_TRUE(close(rope(R"({"model_type": "zaya"})", "hybrid_sliding").frequencies, inv_default(64, 1e4)));
  // The hub's form: both layer types, a stray rope_type beside them, every layer "hybrid".
  const std::string hub = R"({"model_type": "zaya", "num_hidden_layers": 2, "layer_types": ["hybrid", "hybrid"],
      "rope_parameters": {"hybrid": {"rope_type": "default", "rope_theta": 2000000, "partial_rotary_factor": 0.25},
      "hybrid_sliding": {"rope_type": "default", "rope_theta": 10000, "partial_rotary_factor": 0.5},
      "rope_type": "default"}})";
  const model_rope used = rope(hub);
  EXPECT_EQ(used.layer_types, (std::vector<std::string>{"hybrid"}));
  EXPECT_EQ(used.rotary_dim, 32u);
  EXPECT_TRUE(close(used.frequencies, inv_default(32, 2e6)));
  EXPECT_TRUE(used.layers_without_rope.empty());
  EXPECT_TRUE(rejects(R"({"model_type": "zaya", "rope_parameters": {"rope_type": "default", "rope_theta": 1e6}})",
                      "config.rope_parameters", "no such key"));
  EXPECT_TRUE(rejects(R"({"model_type": "zaya", "rope_parameters": {"hybrid": {"rope_type": "default"}}})",
                      "config.rope_parameters.hybrid.rope_theta", "absent"));
  EXPECT_TRUE(close(rope(R"({"model_type": "zaya", "rope_theta": 3e6, "rope_parameters": {"hybrid": {}}})").frequencies,
                    inv_default(128, 3e6)));  // a given dict without partial_rotary_factor turns the whole head
}

// T5Gemma 2's decoder and Dia's decoder: each read from its sub-config, with a note on the encoder.
TEST(ModelConfig, EncoderDecoderModelsReadTheirDecoder) {
  const model_rope t5 = rope(R"({"model_type": "t5gemma2", "decoder": {"model_type": "t5gemma2_decoder",
      "num_hidden_layers": 6, "rope_scaling": {"rope_type": "linear", "factor": 2}}})",
                             "sliding_attention");
  EXPECT_TRUE(close(t5.frequencies, inv_default(256, 1e4)));  // rope_scaling reaches the full layers only
  EXPECT_TRUE(has_note(t5, "t5gemma2-decoder"));
  const model_rope full = rope(R"({"model_type": "t5gemma2", "decoder": {"model_type": "t5gemma2_decoder",
      "num_hidden_layers": 6, "rope_scaling": {"rope_type": "linear", "factor": 2}}})",
                               "full_attention");
  EXPECT_TRUE(close(full.frequencies, inv_linear(256, 1e6, 2)));
  const model_rope dia = rope(R"({"model_type": "dia", "encoder_config": {"model_type": "dia_encoder"},
      "decoder_config": {"model_type": "dia_decoder", "rope_theta": 20000}})");
  EXPECT_EQ(dia.head_dim, 128u);
  EXPECT_TRUE(close(dia.frequencies, inv_default(128, 2e4)));
  EXPECT_TRUE(has_note(dia, "dia-decoder"));
  EXPECT_TRUE(close(rope(R"({"model_type": "dia_encoder"})").frequencies, inv_default(128, 1e4)));
}

// BLT: the global transformer in adjacent pairs at 500000; the patcher at 1e4.
TEST(ModelConfig, BltTurnsAdjacentPairs) {
  const model_rope global = rope(R"({"model_type": "blt", "global_config": {"hidden_size": 4096,
      "num_attention_heads": 32, "head_dim": 64}})");
  EXPECT_EQ(global.head_dim, 128u);  // hidden_size // heads
  EXPECT_EQ(global.pairs, layout::interleaved);
  EXPECT_TRUE(close(global.frequencies, inv_default(128, 5e5)));
  EXPECT_TRUE(has_note(global, "blt-global"));
  const model_rope patcher = rope(R"({"model_type": "blt_patcher"})");
  EXPECT_EQ(patcher.head_dim, 64u);
  EXPECT_TRUE(close(patcher.frequencies, inv_default(64, 1e4)));
}

// Qwen's first generation: kv_channels wide, rotary_pct of it, at rotary_emb_base; rope_scaling unread.
TEST(ModelConfig, QwenFirstGenerationReadsItsOwnKeys) {
  const std::string qwen = R"("model_type": "qwen", "hidden_size": 4096, "num_attention_heads": 32)";
  const model_rope r = rope("{" + qwen + R"(, "kv_channels": 128, "rotary_emb_base": 10000, "rope_theta": 5})");
  EXPECT_EQ(r.rotary_dim, 128u);
  EXPECT_TRUE(close(r.frequencies, inv_default(128, 1e4)));  // rope_theta is not Qwen's key
  EXPECT_TRUE(has_note(r, "qwen-dynamic-ntk"));
  const model_rope part = rope("{" + qwen + R"(, "rotary_pct": 0.5, "rotary_emb_base": 20000,
      "rope_scaling": {"type": "linear", "factor": 4}})");
  EXPECT_EQ(part.rotary_dim, 64u);
  EXPECT_TRUE(close(part.frequencies, inv_default(64, 2e4)));
  EXPECT_EQ(
      rope(R"({"model_type": "minicpmv", "hidden_size": 2560, "num_attention_heads": 32, "head_dim": 128})").head_dim,
      128u);
}

// Laguna and Mellum: a dict per layer type by default, and no legacy key read.
TEST(ModelConfig, LagunaAndMellumDefaultPerLayerType) {
  const std::string laguna = R"("model_type": "laguna", "hidden_size": 2048, "num_attention_heads": 48)";
  const model_rope full =
      rope("{" + laguna + R"(, "rope_theta": 1e6, "partial_rotary_factor": 1.0})", "full_attention");
  EXPECT_EQ(full.head_dim, 128u);
  EXPECT_EQ(full.rotary_dim, 64u);  // half the head at 500000, whatever the legacy keys say
  EXPECT_TRUE(close(full.frequencies, inv_default(64, 5e5)));
  const model_rope sliding = rope("{" + laguna + "}", "sliding_attention");
  EXPECT_EQ(sliding.rotary_dim, 128u);
  EXPECT_TRUE(close(sliding.frequencies, inv_default(128, 1e4)));
  const model_rope given = rope("{" + laguna + R"(, "rope_parameters": {"full_attention": {"rope_type": "default",
      "rope_theta": 1e6, "partial_rotary_factor": 0.25}, "sliding_attention": {"rope_type": "default",
      "rope_theta": 1e4}}})",
                                "full_attention");
  EXPECT_EQ(given.rotary_dim, 32u);
  EXPECT_TRUE(close(given.frequencies, inv_default(32, 1e6)));
  const std::string mellum = R"("model_type": "mellum", "hidden_size": 2304, "num_attention_heads": 32)";
  EXPECT_TRUE(
      close(rope("{" + mellum + R"(, "rope_theta": 1e6})", "full_attention").frequencies, inv_default(128, 5e5)));
  EXPECT_TRUE(close(rope("{" + mellum + "}", "sliding_attention").frequencies, inv_default(128, 1e4)));
}

// OLMo Hybrid: only every 4th layer attends with RoPE (the last when none is); a null base is no RoPE at all.
TEST(ModelConfig, OlmoHybridRotatesItsFullAttentionLayers) {
  const std::string olmo = R"("model_type": "olmo_hybrid", "hidden_size": 3840, "num_attention_heads": 30)";
  const model_rope r = rope("{" + olmo + R"(, "num_hidden_layers": 8, "head_dim": 64})");
  EXPECT_EQ(r.head_dim, 128u);
  EXPECT_TRUE(close(r.frequencies, inv_default(128, 1e4)));
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{0, 1, 2, 4, 5, 6}));
  EXPECT_EQ(rope("{" + olmo + R"(, "num_hidden_layers": 3})").layers_without_rope,
            (std::vector<std::size_t>{0, 1}));  // no i % 4 == 3: the last layer is full attention
  EXPECT_TRUE(rejects("{" + olmo + R"(, "rope_parameters": {"rope_type": "default", "rope_theta": null}})",
                      "config.rope_parameters.rope_theta", "null"));
  EXPECT_TRUE(rejects("{" + olmo + R"(, "rope_theta": null})", "config.rope_theta", "null"));
  EXPECT_TRUE(close(rope("{" + olmo + R"(, "rope_parameters": null})").frequencies, inv_default(128, 1e4)));
}

// Step-3.5: per-layer lists of bases and partial factors, collapsed by layer type (the last layer wins),
// the multi-token-prediction entries past num_hidden_layers left out, rope_scaling on full layers only.
TEST(ModelConfig, Step35CollapsesItsPerLayerLists) {
  const std::string step = R"({"model_type": "step3p7", "text_config": {"model_type": "step3p5",
      "num_hidden_layers": 4, "layer_types": ["full_attention", "sliding_attention", "sliding_attention",
      "full_attention"], "rope_theta": [5e6, 1e4, 2e4, 6e6, 9, 9], "partial_rotary_factors": [0.5, 1.0, 1.0, 0.5,
      0.1, 0.1], "rope_scaling": {"rope_type": "linear", "factor": 2}}})";
  const model_rope full = rope(step, "full_attention");
  EXPECT_EQ(full.rope_type, "linear");
  EXPECT_EQ(full.rotary_dim, 64u);
  EXPECT_TRUE(close(full.frequencies, inv_linear(64, 6e6, 2)));  // the last full layer's
  const model_rope sliding = rope(step, "sliding_attention");
  EXPECT_EQ(sliding.rope_type, "default");
  EXPECT_EQ(sliding.rotary_dim, 128u);
  EXPECT_TRUE(close(sliding.frequencies, inv_default(128, 2e4)));
  const model_rope plain = rope(R"({"model_type": "step3p5", "rope_theta": 5e5})");
  EXPECT_EQ(plain.layer_types, std::vector<std::string>{"full_attention"});
  EXPECT_TRUE(close(plain.frequencies, inv_default(128, 5e5)));
  EXPECT_TRUE(rejects(R"({"model_type": "step3p5", "num_hidden_layers": 4, "rope_theta": [1e4, 1e4]})",
                      "config.rope_theta.length", "2"));
}

// DeepSeek-V4: the main set in sliding layers, the compress set (compress_rope_theta, YaRN with attention
// factor 1) in the compressed ones, each over the 64-wide slice of a 512-wide head, in adjacent pairs.
TEST(ModelConfig, DeepseekV4MainAndCompressSets) {
  std::string ratios = "[0, 0, 4, 128";
  for (int i = 4; i < 43; ++i) ratios += i % 2 ? ", 128" : ", 4";
  ratios += ", 0]";  // 43 layers and the multi-token-prediction block
  const std::string flash = R"({"model_type": "deepseek_v4", "hidden_size": 4096, "num_attention_heads": 64,
      "head_dim": 512, "num_hidden_layers": 43, "qk_rope_head_dim": 64, "rope_theta": 10000,
      "compress_rope_theta": 160000, "rope_scaling": {"type": "yarn", "factor": 16, "beta_fast": 32,
      "beta_slow": 1, "original_max_position_embeddings": 65536}, "compress_ratios": )" +
                            ratios + "}";
  EXPECT_EQ(layer_types(flash), (std::vector<std::string>{"sliding_attention", "compressed_sparse_attention",
                                                          "heavily_compressed_attention"}));
  const model_rope sliding = rope(flash, "sliding_attention");
  EXPECT_EQ(sliding.rope_type, "default");
  EXPECT_EQ(sliding.head_dim, 512u);
  EXPECT_EQ(sliding.rotary_dim, 64u);
  EXPECT_EQ(sliding.pairs, layout::interleaved);
  EXPECT_TRUE(close(sliding.frequencies, inv_default(64, 1e4)));
  EXPECT_TRUE(has_note(sliding, "deepseek-v4-slice"));
  for (const char* type : {"compressed_sparse_attention", "heavily_compressed_attention"}) {
    const model_rope r = rope(flash, type);
    EXPECT_EQ(r.rope_type, "yarn") << type;
    EXPECT_TRUE(close(r.frequencies, inv_yarn(64, 1.6e5, 16, 65536, true))) << type;
    EXPECT_TRUE(close(r.attention_factor, 1.0)) << type;  // forced, where YaRN's own would be 1.277
  }
  EXPECT_TRUE(close(softmax(flash), 1 / std::sqrt(512.0)));
  // no rope parameters at all: the default layer types (all compressed), the compress set unscaled
  const model_rope plain = rope(R"({"model_type": "deepseek_v4", "num_hidden_layers": 4})");
  EXPECT_EQ(plain.layer_types,  // in the order of first use
            (std::vector<std::string>{"heavily_compressed_attention", "compressed_sparse_attention"}));
  EXPECT_TRUE(close(plain.frequencies, inv_default(64, 1.6e5)));
  // as transformers saves it: keyed main and compress
  const model_rope saved = rope(R"({"model_type": "deepseek_v4", "num_hidden_layers": 2, "layer_types":
      ["sliding_attention", "heavily_compressed_attention"], "rope_parameters": {"main": {"rope_type": "default",
      "rope_theta": 20000, "partial_rotary_factor": 0.25}, "compress": {"rope_type": "default",
      "rope_theta": 40000, "partial_rotary_factor": 0.125}}})",
                                "sliding_attention");
  EXPECT_EQ(saved.rotary_dim, 128u);
  EXPECT_TRUE(close(saved.frequencies, inv_default(128, 2e4)));
  EXPECT_TRUE(rejects(R"({"model_type": "deepseek_v4", "rope_parameters": {"full_attention": {}}})",
                      "config.rope_parameters.main", "missing"));
  EXPECT_TRUE(rejects(R"({"model_type": "deepseek_v4", "num_hidden_layers": 2, "compress_ratios": [0, 8, 0]})",
                      "config.compress_ratios[1]", "8"));
}

// The text models of PaddleOCR-VL (flat, Qwen2-VL's sections by halves at 500000), GLM-Image (half the head
// by halves, sections [8, 12, 12]) and ERNIE 4.5 VL (adjacent pairs at 500000, its 3-D split a note).
TEST(ModelConfig, VisionLanguageTextModels) {
  const model_rope paddle = rope(R"({"model_type": "paddleocr_vl", "hidden_size": 1024, "num_attention_heads": 16,
      "rope_parameters": {"rope_type": "default", "rope_theta": 500000, "mrope_section": [16, 24, 24]}})");
  EXPECT_EQ(paddle.head_dim, 128u);
  EXPECT_EQ(paddle.pairs, layout::half);
  EXPECT_EQ(paddle.sections, (std::vector<std::int64_t>{16, 24, 24}));
  EXPECT_FALSE(paddle.interleaved_sections);
  EXPECT_TRUE(close(paddle.frequencies, inv_default(128, 5e5)));
  const model_rope glm = rope(R"({"model_type": "glm_image", "text_config": {"model_type": "glm_image_text",
      "rope_parameters": {"rope_type": "default", "rope_theta": 10000, "partial_rotary_factor": 0.5}}})");
  EXPECT_EQ(glm.rotary_dim, 64u);
  EXPECT_EQ(glm.pairs, layout::half);
  EXPECT_EQ(glm.sections, (std::vector<std::int64_t>{8, 12, 12}));
  EXPECT_TRUE(close(glm.frequencies, inv_default(64, 1e4)));
  const model_rope ernie = rope(R"({"model_type": "ernie4_5_vl_moe", "text_config": {"head_dim": 64,
      "rope_parameters": {"rope_type": "default", "rope_theta": 500000, "mrope_section": [22, 22, 20]}}})");
  EXPECT_EQ(ernie.head_dim, 128u);  // 2560 / 20, whatever head_dim says
  EXPECT_EQ(ernie.pairs, layout::interleaved);
  EXPECT_TRUE(ernie.sections.empty());
  EXPECT_TRUE(close(ernie.frequencies, inv_default(128, 5e5)));
  EXPECT_TRUE(has_note(ernie, "ernie45-vl-sections"));
  // HunyuanOCR's flat config: "xdrope" is HunYuan's dynamic rule, with its alpha base up to 32768 positions
  const model_rope ocr = rope(R"({"model_type": "hunyuan_vl", "hidden_size": 1024, "num_attention_heads": 16,
      "head_dim": 128, "max_position_embeddings": 32768, "rope_theta": 10000, "rope_scaling": {"alpha": 1000.0,
      "beta_fast": 32, "beta_slow": 1, "factor": 1.0, "mscale": 1.0, "mscale_all_dim": 1.0, "type": "xdrope",
      "xdrope_section": [16, 16, 16, 16]}})");
  EXPECT_EQ(ocr.rope_type, "dynamic");
  EXPECT_TRUE(close(ocr.frequencies, inv_default(128, 1e4 * std::pow(1000.0, 128.0 / 126.0))));
  EXPECT_TRUE(has_note(ocr, "hunyuan-vl-sections"));
  EXPECT_TRUE(rejects(R"({"model_type": "qwen2", "hidden_size": 64, "num_attention_heads": 2,
      "rope_scaling": {"type": "xdrope", "factor": 2}})",
                      "config.rope_scaling.type", "xdrope"));
}

TEST(ModelConfig, UnknownModelTypesSaySoInANote) {
  model_rope r = rope(R"({"model_type": "foo_bar", "hidden_size": 64, "num_attention_heads": 2,
                          "partial_rotary_factor": 0.5})");
  EXPECT_EQ(r.rotary_dim, 32u);  // Llama's rules
  EXPECT_TRUE(has_note(r, "unknown-model-type modelType=foo_bar"));
  EXPECT_TRUE(has_note(r, "unknown-model-type"));
  EXPECT_TRUE(has_note(r, "partial-not-applied path=config.partial_rotary_factor value=0.5"));
  // a rotated width given as rotary_dim (as MiniMax-M2 writes it) is named too
  r = rope(R"({"model_type": "foo_bar", "head_dim": 128, "hidden_size": 3072, "num_attention_heads": 48,
              "rotary_dim": 64})");
  EXPECT_EQ(r.rotary_dim, 128u);
  EXPECT_TRUE(has_note(r, "rotary-dim-not-applied path=config.rotary_dim value=64"));
  r = rope(R"({"hidden_size": 64, "num_attention_heads": 2})");
  EXPECT_TRUE(has_note(r, "no-model-type"));
  // a wrapper whose text model is known says nothing
  r = rope(R"({"model_type": "mistral3", "text_config": {"model_type": "mistral", "head_dim": 128,
              "hidden_size": 5120, "num_attention_heads": 32, "rope_theta": 1000000000.0}})");
  EXPECT_TRUE(r.notes.empty());
  EXPECT_TRUE(rope(R"({"model_type": "mixtral", "hidden_size": 64, "num_attention_heads": 2})").notes.empty());
}

TEST(ModelConfig, ModelsWithoutRotaryEmbeddings) {
  // bigscience/bloom-560m (ALiBi), openai-community/gpt2 (learned absolute positions).
  const std::string bloom = R"({"architectures": ["BloomForCausalLM"], "model_type": "bloom", "hidden_size": 1024,
                                "n_head": 16, "n_layer": 24})";
  const std::string gpt2 = R"({"architectures": ["GPT2LMHeadModel"], "model_type": "gpt2", "n_embd": 768,
                               "n_head": 12, "n_positions": 1024})";
  for (const auto& cfg : {bloom, gpt2}) {
    EXPECT_TRUE(rejects(cfg, "config.model_type", ""));
    EXPECT_TRUE(throws_invalid([&] { layer_types(cfg); }, "config.model_type", ""));
    try {
      rope(cfg);
    } catch (const posenc::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("no rotary embeddings"), std::string::npos) << e.what();
    }
  }
  EXPECT_TRUE(rejects(R"({"model_type": "llava", "text_config": {"model_type": "gpt2"}})",
                      "config.text_config.model_type", "'gpt2'"));
  // Encoders with relative or absolute positions, and models whose order comes from recurrence.
  for (const char* type : {"deberta-v2",
                           "distilbert",
                           "whisper",
                           "mt5",
                           "jamba",
                           "mamba",
                           "rwkv",
                           "xglm",
                           "pegasus_x",
                           "xlm",
                           "nystromformer",
                           "big_bird",
                           "led",
                           "ernie",
                           "reformer",
                           "funnel",
                           "mpnet",
                           "mega",
                           "zamba",
                           "openai-gpt",
                           "ctrl",
                           "marian",
                           "clip",
                           "vit",
                           "layoutlm",
                           "swin",
                           "rwkv7",
                           "inkling_text",
                           "inkling_mm_model",
                           "glm5_next",
                           "glm5_next_text"}) {
    SCOPED_TRACE(type);
    const std::string cfg =
        std::string(R"({"model_type": ")") + type + R"(", "hidden_size": 64, "num_attention_heads": 2})";
    EXPECT_TRUE(rejects(cfg, "config.model_type", std::string("'") + type + "'"));
  }
}

TEST(ModelConfig, UnknownRopeTypeListsTheKnownOnes) {
  for (const char* type : {"ntk", "su", "mrope", "Linear"}) {
    const std::string cfg =
        std::string(R"({"model_type": "llama", "rope_scaling": {"rope_type": ")") + type + R"(", "factor": 2}})";
    try {
      rope(cfg);
      ADD_FAILURE() << type << " accepted";
    } catch (const posenc::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_EQ(e.parameter(), "config.rope_scaling.rope_type");
      EXPECT_NE(what.find(std::string("'") + type + "'"), std::string::npos) << what;
      EXPECT_NE(what.find("'default', 'linear', 'dynamic', 'yarn', 'longrope', 'llama3' or 'proportional'"),
                std::string::npos)
          << what;
    }
  }
}

TEST(ModelConfig, HostileLayerFieldsNameTheField) {
  // the fields that say which layers rotate, each bad in its own way, each named in the error
  const auto bad = [](const std::string& type, const std::string& tail, const char* field, const std::string& value) {
    return rejects(R"({"model_type": ")" + type + R"(", "hidden_size": 64, "num_attention_heads": 2, )" + tail, field,
                   value);
  };
  EXPECT_TRUE(bad("smollm3", R"("num_hidden_layers": 1e9})", "config.num_hidden_layers", "1000000000"));
  EXPECT_TRUE(bad("smollm3", R"("num_hidden_layers": -1})", "config.num_hidden_layers", "-1"));
  EXPECT_TRUE(bad("smollm3", R"("num_hidden_layers": "40"})", "config.num_hidden_layers", "'40'"));
  EXPECT_TRUE(bad("smollm3", R"("num_hidden_layers": 2, "no_rope_layers": "1,0"})", "config.no_rope_layers", "'1,0'"));
  EXPECT_TRUE(
      bad("llama4_text", R"("num_hidden_layers": 2, "no_rope_layers": [1, NaN]})", "config.no_rope_layers[1]", "NaN"));
  EXPECT_TRUE(bad("llama4_text", R"("num_hidden_layers": 8, "no_rope_layer_interval": 0})",
                  "config.no_rope_layer_interval", "0"));
  EXPECT_TRUE(bad("cohere2", R"("num_hidden_layers": 2, "layer_types": [1, 2]})", "config.layer_types[0]", "1"));
  EXPECT_TRUE(bad("cohere2", R"("num_hidden_layers": 2, "layer_types": {}})", "config.layer_types", "an object"));
  EXPECT_TRUE(
      bad("cohere2", R"("num_hidden_layers": 8, "sliding_window_pattern": 0})", "config.sliding_window_pattern", "0"));
  EXPECT_TRUE(bad("exaone4", R"("num_hidden_layers": 8, "sliding_window_pattern": ""})",
                  "config.sliding_window_pattern", "''"));
  EXPECT_TRUE(bad("qwen3_next", R"("num_hidden_layers": 8, "full_attention_interval": 1e300})",
                  "config.full_attention_interval", ""));
  EXPECT_TRUE(bad("mllama_text_model", R"("num_hidden_layers": 8, "cross_attention_layers": [-1]})",
                  "config.cross_attention_layers[0]", "-1"));
  EXPECT_TRUE(bad("mllama_text_model", R"("num_hidden_layers": 8, "cross_attention_layers": 3})",
                  "config.cross_attention_layers", "3"));
  EXPECT_TRUE(bad("hunyuan_v1_dense", R"("rope_scaling": {"type": "dynamic", "factor": 1, "alpha": "big"},
                  "max_position_embeddings": 4096})",
                  "config.rope_scaling.alpha", "'big'"));
  EXPECT_TRUE(bad("hunyuan_v1_dense", R"("rope_scaling": {"type": "dynamic", "factor": 1, "alpha": 1e308},
                  "max_position_embeddings": 4096})",
                  "config.rope_scaling.alpha", "1e+308"));
  EXPECT_TRUE(bad("falcon", R"("alibi": "yes"})", "config.alibi", "'yes'"));
  // and the reader still works afterwards
  EXPECT_EQ(rope(R"({"model_type": "smollm3", "hidden_size": 64, "num_attention_heads": 2, "num_hidden_layers": 4})")
                .layers_without_rope,
            std::vector<std::size_t>{3});
}

TEST(ModelConfig, HostileValuesNameTheField) {
  const std::string llama = R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, )";
  const auto bad = [&](const std::string& tail, const char* field, const std::string& value) {
    return rejects(llama + tail, field, value);
  };
  EXPECT_TRUE(rejects("[]", "config", "array"));
  EXPECT_TRUE(rejects(R"({"model_type": 3})", "config.model_type", "3"));
  EXPECT_TRUE(bad(R"("rope_scaling": {"type": "linear", "factor": "8"}})", "config.rope_scaling.factor", "'8'"));
  EXPECT_TRUE(bad(R"("rope_scaling": {"type": "linear", "factor": NaN}})", "config.rope_scaling.factor", "NaN"));
  EXPECT_TRUE(bad(R"("rope_scaling": {"type": "linear", "factor": -2}})", "config.rope_scaling.factor", "-2"));
  EXPECT_TRUE(bad(R"("rope_scaling": {"type": "linear", "factor": [[[[8]]]]}})", "config.rope_scaling.factor", ""));
  EXPECT_TRUE(bad(R"("rope_scaling": {"type": "linear", "factor": 1e-320}})", "config.rope_scaling", "overflow"));
  EXPECT_TRUE(bad(R"("rope_scaling": {"type": 5}})", "config.rope_scaling.type", "5"));
  EXPECT_TRUE(bad(R"("rope_scaling": [1]})", "config.rope_scaling", "array"));
  EXPECT_TRUE(bad(R"("rope_scaling": "linear"})", "config.rope_scaling", "'linear'"));
  EXPECT_TRUE(bad(R"("rope_theta": 0.5})", "config.rope_theta", "0.5"));
  EXPECT_TRUE(bad(R"("rope_theta": "1e4"})", "config.rope_theta", "'1e4'"));
  EXPECT_TRUE(bad(R"("rope_theta": Infinity})", "config.rope_theta", "Infinity"));
  EXPECT_TRUE(bad(R"("head_dim": 7})", "config.head_dim", "7"));
  EXPECT_TRUE(bad(R"("head_dim": 1e9})", "config.head_dim", "1000000000"));
  EXPECT_TRUE(bad(R"("head_dim": 64.5})", "config.head_dim", "64.5"));
  EXPECT_TRUE(
      rejects(R"({"model_type": "llama", "hidden_size": 7, "num_attention_heads": 8})", "config.hidden_size", "0"));
  EXPECT_TRUE(rejects(R"({"model_type": "llama", "hidden_size": 1e12})", "config.hidden_size", ""));
  EXPECT_TRUE(rejects(R"({"model_type": "llama", "num_attention_heads": 0})", "config.num_attention_heads", "0"));
  EXPECT_TRUE(rejects(R"({"model_type": "phi", "partial_rotary_factor": 1.5})", "config.partial_rotary_factor", "1.5"));
  EXPECT_TRUE(
      rejects(R"({"model_type": "phi", "partial_rotary_factor": 0.01})", "config.partial_rotary_factor", "0.01"));
  EXPECT_TRUE(bad(R"("rope_scaling": {"rope_type": "llama3", "factor": 8, "high_freq_factor": 4,
                  "original_max_position_embeddings": 8192}})",
                  "config.rope_scaling.low_freq_factor", "undefined"));
  EXPECT_TRUE(bad(R"("rope_scaling": {"rope_type": "llama3", "factor": 8, "low_freq_factor": 4, "high_freq_factor": 1,
                  "original_max_position_embeddings": 8192}})",
                  "config.rope_scaling.high_freq_factor", "1"));
  EXPECT_TRUE(bad(R"("rope_scaling": {"rope_type": "yarn", "factor": 4, "original_max_position_embeddings": 1.5}})",
                  "config.rope_scaling.original_max_position_embeddings", "1.5"));
  EXPECT_TRUE(bad(R"("rope_scaling": {"rope_type": "yarn", "factor": 4, "original_max_position_embeddings": 4096,
                  "truncate": "no"}})",
                  "config.rope_scaling.truncate", "'no'"));
  EXPECT_TRUE(bad(R"("rope_scaling": {"rope_type": "dynamic", "factor": 2}, "max_position_embeddings": -1})",
                  "config.max_position_embeddings", "-1"));
  EXPECT_TRUE(rejects(R"({"model_type": "qwen2_vl", "text_config": 3})", "config.text_config", "3"));
  EXPECT_TRUE(rejects(R"({"model_type": "llama", "layer_types": "full",
                                          "rope_parameters": {"full_attention": {}}})",
                      "config.layer_types", "'full'"));
  // longrope lists: their length, their items, and a huge one.
  std::string huge = "[1";
  for (int i = 0; i < 100000; ++i) huge += ",1";
  EXPECT_TRUE(rejects(R"({"model_type": "phi3", "rope_scaling": {"type": "longrope",
                                          "long_factor": [1],
                                          "short_factor": )" +
                          huge + "]}}",
                      "config.rope_scaling.short_factor.length", "100001"));
  EXPECT_TRUE(rejects(R"({"model_type": "phi3", "rope_scaling": {"type": "longrope",
      "long_factor": [1, 2], "short_factor": [1, 2]}})",
                      "config.rope_scaling.short_factor.length", "2"));
  std::vector<double> f(48, 1.0);
  std::string items = json_list(f);
  items.replace(items.find("1, 1, 1, 1"), 10, "1, 1, 1, \"x\"");
  EXPECT_TRUE(rejects(R"({"model_type": "phi3", "rope_scaling": {"type": "longrope",
                                          "long_factor": )" +
                          items + R"(, "short_factor": )" + json_list(f) + "}}",
                      "config.rope_scaling.long_factor[3]", "'x'"));
}

TEST(ModelConfig, LayerTypeAndSeqLenArguments) {
  EXPECT_TRUE(throws_invalid([] { rope(llama31, "sliding_attention"); }, "layerType", "'sliding_attention'"));
  EXPECT_TRUE(throws_invalid([] { rope(gemma3_4b, "chunked_attention"); }, "layerType", "'chunked_attention'"));
  EXPECT_TRUE(throws_invalid([] { rope(llama31, "", -1); }, "seqLen", "-1"));
  EXPECT_TRUE(throws_invalid([] { rope(llama31, "", std::int64_t(1) << 31); }, "seqLen", "2147483648"));
  EXPECT_EQ(rope(llama31, "", 2147483647).seq_len, 2147483647);
}

TEST(ModelConfig, SoftmaxScale) {
  EXPECT_TRUE(close(softmax(llama31), 1 / std::sqrt(128.0)));
  EXPECT_TRUE(close(softmax(gptj), 1 / std::sqrt(256.0)));
  EXPECT_TRUE(close(softmax(gemma3_1b), 1 / 16.0));
  EXPECT_TRUE(close(softmax(R"({"model_type": "gemma3_text", "query_pre_attn_scalar": 144})"), 1 / 12.0));
  // Gemma 2 27B: a 128-wide head, scaled by query_pre_attn_scalar 144 (modeling_gemma2.py), not by 128
  EXPECT_TRUE(close(softmax(R"({"model_type": "gemma2", "hidden_size": 4608, "num_attention_heads": 32,
                                "head_dim": 128, "query_pre_attn_scalar": 144})"),
                    1 / 12.0));
  EXPECT_TRUE(
      close(softmax(R"({"model_type": "vaultgemma", "hidden_size": 1152, "num_attention_heads": 4})"), 1 / 16.0));
  EXPECT_TRUE(close(softmax(R"({"model_type": "gemma", "hidden_size": 3072, "num_attention_heads": 16,
                                "query_pre_attn_scalar": 144})"),
                    1 / 16.0));  // Gemma 1 scales by its head_dim (256)
  EXPECT_TRUE(close(softmax(R"({"model_type": "dia", "decoder_config": {"model_type": "dia_decoder"}})"), 1.0));
  // DeepSeek-V3 without scaling: qk_head_dim^-0.5 only; with any non-default type, mscale_all_dim.
  EXPECT_TRUE(close(softmax(R"({"model_type": "deepseek_v3"})"), 1 / std::sqrt(192.0)));
  const double m = get_mscale(4, 0.707);
  EXPECT_TRUE(close(softmax(R"({"model_type": "deepseek_v3", "rope_scaling": {"type": "linear", "factor": 4,
                               "mscale_all_dim": 0.707}})"),
                    m * m / std::sqrt(192.0)));
}

// rope_apply with the options of a resolved config, against apply_rotary_pos_emb evaluated in
// float64 with the reference frequencies: [3 tokens x 2 heads x head_dim], positions up to 2^20.
void expect_applies_like_float64(const model_rope& r, const std::vector<double>& theta, double factor) {
  std::mt19937 rng(7);
  auto options = posenc::rope_options_of(r);
  options.heads = 2;
  const std::vector<std::int64_t> positions = {0, 4097, 1 << 20};
  const std::size_t row = options.heads * r.head_dim, half = theta.size();
  auto x = posenc_test::random_floats(rng, positions.size() * row);
  const auto original = x;
  posenc::rope_apply(x.data(), x.size(), options, positions.data(), positions.size());
  double worst = 0;
  for (std::size_t s = 0; s < positions.size(); ++s)
    for (std::size_t h = 0; h < options.heads; ++h) {
      const float* in = &original[s * row + h * r.head_dim];
      const float* out = &x[s * row + h * r.head_dim];
      for (std::size_t f = 2 * half; f < r.head_dim; ++f) worst = std::max(worst, std::abs(double(out[f]) - in[f]));
      for (std::size_t i = 0; i < half; ++i) {
        const std::size_t a = r.pairs == layout::half ? i : 2 * i, b = r.pairs == layout::half ? i + half : 2 * i + 1;
        // apply_rotary_pos_emb_interleave writes the pair (q[2i], q[2i+1]) to (y[i], y[i + half])
        const bool to_half = r.pairs == layout::interleaved_to_half;
        const std::size_t ya = to_half ? i : a, yb = to_half ? i + half : b;
        const double angle = double(positions[s]) * theta[i];
        const double c = factor * std::cos(angle), sn = factor * std::sin(angle);
        worst = std::max(worst, std::abs(double(out[ya]) - (in[a] * c - in[b] * sn)));
        worst = std::max(worst, std::abs(double(out[yb]) - (in[b] * c + in[a] * sn)));
      }
    }
  EXPECT_LT(worst, 2e-6) << r.layer_type << ": rope_apply against float64 apply_rotary_pos_emb";
}

// Every file of tests/configs: the expectations below, computed here; every file resolves (or, for
// the models without rotary embeddings, is refused), and every expectation meets its file.
TEST(ModelConfig, RealConfigFiles) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(__FILE__).parent_path().parent_path() / "configs";
  ASSERT_TRUE(fs::is_directory(dir)) << dir << " is missing";
  struct expectation {
    const char* file;
    const char* layer_type;
    const char* rope_type;
    std::size_t head_dim, rotary_dim;
    layout pairs;
    double attention_factor;
    std::function<std::vector<double>(const posenc::config_value&)> frequencies;
  };
  const auto list = [](const posenc::config_value& c, const char* key) {
    std::vector<double> out;
    for (const auto& v : c.find("rope_scaling") ? c.find("rope_scaling")->find(key)->items
                                                : c.find("rope_parameters")->find(key)->items)
      out.push_back(v.number);
    return out;
  };
  const double phi3_attention = longrope_attention(131072.0 / 4096.0, 4096);
  const std::vector<expectation> expected = {
      {"llama-2-7b-hf.json", "", "default", 128, 128, layout::half, 1, [](auto&) { return inv_default(128, 1e4); }},
      {"llama-3.1-8b.json", "", "llama3", 128, 128, layout::half, 1,
       [](auto&) { return inv_llama3(128, 5e5, 8, 1, 4, 8192); }},
      {"llama-3.2-1b-instruct.json", "", "llama3", 64, 64, layout::half, 1,
       [](auto&) { return inv_llama3(64, 5e5, 32, 1, 4, 8192); }},
      {"mistral-7b-v0.1.json", "", "default", 128, 128, layout::half, 1, [](auto&) { return inv_default(128, 1e4); }},
      {"qwen2.5-7b-instruct-yarn.json", "", "yarn", 128, 128, layout::half, 0.1 * std::log(4.0) + 1,
       [](auto&) { return inv_yarn(128, 1e6, 4, 32768, true); }},
      {"qwen2.5-vl-7b-instruct.json", "", "default", 128, 128, layout::half, 1,
       [](auto&) { return inv_default(128, 1e6); }},
      {"qwen3-vl-4b-instruct.json", "", "default", 128, 128, layout::half, 1,
       [](auto&) { return inv_default(128, 5e6); }},
      {"gemma-3-4b-it.json", "sliding_attention", "default", 256, 256, layout::half, 1,
       [](auto&) { return inv_default(256, 1e4); }},
      {"gemma-3-4b-it.json", "full_attention", "linear", 256, 256, layout::half, 1,
       [](auto&) { return inv_linear(256, 1e6, 8); }},
      {"gemma-4-31b-it.json", "full_attention", "proportional", 512, 512, layout::half, 1,
       [](auto&) { return inv_proportional(512, 1e6, 0.25, 1); }},
      {"gemma-4-31b-it.json", "sliding_attention", "default", 256, 256, layout::half, 1,
       [](auto&) { return inv_default(256, 1e4); }},
      {"gpt-oss-20b.json", "", "yarn", 64, 64, layout::half, 0.1 * std::log(32.0) + 1,
       [](auto&) { return inv_yarn(64, 150000, 32, 4096, false); }},
      {"deepseek-v3.json", "", "yarn", 64, 64, layout::interleaved_to_half, 1,
       [](auto&) { return inv_yarn(64, 1e4, 40, 4096, true); }},
      {"phi-3.5-mini-instruct.json", "", "longrope", 96, 96, layout::half, phi3_attention,
       [&](auto& c) { return inv_longrope(96, 1e4, list(c, "short_factor")); }},
      {"phi-3.5-mini-instruct-v5.json", "", "longrope", 96, 96, layout::half, phi3_attention,
       [&](auto& c) { return inv_longrope(96, 1e4, list(c, "short_factor")); }},
      {"phi-2.json", "", "default", 80, 32, layout::half, 1, [](auto&) { return inv_default(32, 1e4); }},
      {"gpt-neox-20b.json", "", "default", 96, 24, layout::half, 1, [](auto&) { return inv_default(24, 1e4); }},
      {"gpt-j-6b.json", "", "default", 256, 64, layout::interleaved, 1, [](auto&) { return inv_default(64, 1e4); }},
      // Phi-4-mini: partial_rotary_factor 0.75 of a 128-wide head, 48 longrope factors.
      {"phi-4-mini-instruct.json", "", "longrope", 128, 96, layout::half, phi3_attention,
       [&](auto& c) { return inv_longrope(96, 1e4, list(c, "short_factor")); }},
      {"gemma-2-2b.json", "", "default", 256, 256, layout::half, 1, [](auto&) { return inv_default(256, 1e4); }},
      // GLM: half of the head turns, adjacent pairs (glm) or rotate_half in the slice (glm4_moe).
      {"glm-cogview4-text-encoder.json", "", "default", 128, 64, layout::interleaved, 1,
       [](auto&) { return inv_default(64, 1e4); }},
      {"glm-4.5-air.json", "", "default", 128, 64, layout::half, 1, [](auto&) { return inv_default(64, 1e6); }},
      {"stablelm-2-1_6b.json", "", "default", 64, 16, layout::half, 1, [](auto&) { return inv_default(16, 1e4); }},
      {"qwen3-next-80b-a3b.json", "", "default", 256, 64, layout::half, 1, [](auto&) { return inv_default(64, 1e7); }},
      {"command-r-08-2024.json", "", "default", 128, 128, layout::interleaved, 1,
       [](auto&) { return inv_default(128, 4e6); }},
      {"ernie-4.5-0.3b-pt.json", "", "default", 128, 128, layout::interleaved, 1,
       [](auto&) { return inv_default(128, 5e5); }},
      {"mistral3-flux2-text-encoder.json", "", "default", 128, 128, layout::half, 1,
       [](auto&) { return inv_default(128, 1e9); }},
      // Llama 4 Scout: llama3 scaling on the chunked-attention layers, adjacent pairs.
      {"llama-4-scout-17b-16e.json", "chunked_attention", "llama3", 128, 128, layout::interleaved, 1,
       [](auto&) { return inv_llama3(128, 5e5, 8, 1, 4, 8192); }},
      // Hunyuan's alpha 1000: base 1e4 * 1000^(128/126) over the whole head.
      {"hy-mt2-7b.json", "", "dynamic", 128, 128, layout::half, 1,
       [](auto&) { return inv_default(128, 1e4 * std::pow(1000.0, 128.0 / 126.0)); }},
      // Phi-3.5-MoE: longrope whose attention factor is its short_mscale.
      {"phi-3.5-moe-instruct.json", "", "longrope", 128, 128, layout::half, 1.243163121016122,
       [&](auto& c) { return inv_longrope(128, 1e4, list(c, "short_factor")); }},
      // ModernBERT: 160000 for the global layers, 10000 for the local ones, head 768 / 12.
      {"modernbert-base.json", "full_attention", "default", 64, 64, layout::half, 1,
       [](auto&) { return inv_default(64, 160000); }},
      {"modernbert-base.json", "sliding_attention", "default", 64, 64, layout::half, 1,
       [](auto&) { return inv_default(64, 1e4); }},
      // RoFormer: adjacent pairs over the whole head, base 10000.
      {"roformer-chinese-base.json", "", "default", 64, 64, layout::interleaved, 1,
       [](auto&) { return inv_default(64, 1e4); }},
      // ESM-2: rotate_half over 1280 / 20 = 64 at the fixed base 10000.
      {"esm2-t33-650m.json", "", "default", 64, 64, layout::half, 1, [](auto&) { return inv_default(64, 1e4); }},
      // Helium: adjacent pairs of a 128-wide head, rope_theta 100000.
      {"helium-1-preview-2b.json", "", "default", 128, 128, layout::interleaved, 1,
       [](auto&) { return inv_default(128, 1e5); }},
      // LFM2: head_dim 64, rope_theta 1e6, in its six attention layers.
      {"lfm2-1.2b.json", "", "default", 64, 64, layout::half, 1, [](auto&) { return inv_default(64, 1e6); }},
      // DBRX: 6144 / 48 = 128, base 500000 from attn_config.
      {"dbrx-instruct.json", "", "default", 128, 128, layout::half, 1, [](auto&) { return inv_default(128, 5e5); }},
      // ChatGLM3-6B-32K: the first 64 of 128 features in adjacent pairs, base 10000 * 50.
      {"chatglm3-6b-32k.json", "", "default", 128, 64, layout::interleaved, 1,
       [](auto&) { return inv_default(64, 5e5); }},
      // Kimi K2: DeepSeek-V3's YaRN on the 64-wide rope slice, base 50000, both betas 1.
      {"kimi-k2-instruct.json", "", "yarn", 64, 64, layout::interleaved_to_half, 1,
       [](auto&) { return inv_yarn(64, 5e4, 32, 4096, true, 1, 1); }},
      // Ling-lite-1.5: no partial factor, the whole 128-wide head at 600000.
      {"ling-lite-1.5.json", "", "default", 128, 128, layout::half, 1, [](auto&) { return inv_default(128, 6e5); }},
      // nomic-bert-2048: GPT-2's names, the whole 64-wide head at rotary_emb_base 1000.
      {"nomic-bert-2048.json", "", "default", 64, 64, layout::half, 1, [](auto&) { return inv_default(64, 1000); }},
      // Qwen-1.8B (the first Qwen): kv_channels 128, all of it, at rotary_emb_base 10000.
      {"qwen-1_8b.json", "", "default", 128, 128, layout::half, 1, [](auto&) { return inv_default(128, 1e4); }},
      // DeepSeek-V3.2: DeepSeek-V3's YaRN on the 64-wide slice.
      {"deepseek-v3.2.json", "", "yarn", 64, 64, layout::interleaved_to_half, 1,
       [](auto&) { return inv_yarn(64, 1e4, 40, 4096, true); }},
  };
  std::size_t files = 0, checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    ++files;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const std::string name = entry.path().filename().string();
    SCOPED_TRACE(name);
    const posenc::config_value config = posenc::parse_json(text.str());
    if (name == "bloom-560m.json" || name == "gpt2.json" || name == "deberta-v3-base.json") {
      EXPECT_TRUE(throws_invalid([&] { posenc::rope_from_config(config); }, "config.model_type", ""));
      continue;
    }
    const std::vector<std::string> types = posenc::config_layer_types(config);
    for (const auto& type : types) {
      const model_rope r = posenc::rope_from_config(config, type);
      EXPECT_EQ(r.frequencies.size() * 2, r.rotary_dim);
      EXPECT_LE(r.rotary_dim, r.head_dim);
      for (const auto& e : expected) {
        if (name != e.file || (e.layer_type[0] && type != e.layer_type)) continue;
        ++checked;
        EXPECT_EQ(r.rope_type, e.rope_type) << type;
        EXPECT_EQ(r.head_dim, e.head_dim) << type;
        EXPECT_EQ(r.rotary_dim, e.rotary_dim) << type;
        EXPECT_EQ(r.pairs, e.pairs) << type;
        EXPECT_TRUE(close(r.attention_factor, e.attention_factor)) << type;
        EXPECT_TRUE(close(r.frequencies, e.frequencies(config))) << type;
        expect_applies_like_float64(r, e.frequencies(config), e.attention_factor);
      }
    }
  }
  EXPECT_EQ(checked, expected.size()) << "an expectation matched no file and layer type";
  EXPECT_GT(files, 0u);
  std::printf("    %zu config files, %zu layer types checked against references\n", files, checked);
}

// modular_granite_swa.py: layer_rope_theta gives each layer its base (0: NoPE), layer_types default to full
// attention at i % 4 == 0; posenc gives one RoPE per layer type. Frequencies written out: base^(-2i/128).
std::vector<double> inverse_powers(double base, std::size_t dim) {
  std::vector<double> f;
  for (std::size_t i = 0; i < dim / 2; ++i) f.push_back(std::pow(base, -2.0 * double(i) / double(dim)));
  return f;
}

TEST(GraniteSwa, PerLayerBasesByLayerTypeAndZeroForNoPE) {
  const std::string sizes = R"("hidden_size": 2560, "num_attention_heads": 20, "num_hidden_layers": 8, )";
  // the full layers (0 and 4 by default) without RoPE, the sliding ones at 1e4
  const std::string nope_full =
      R"({"model_type": "granite_swa", )" + sizes + R"("layer_rope_theta": [0, 1e4, 1e4, 1e4, 0, 1e4, 1e4, 1e4]})";
  EXPECT_EQ(layer_types(nope_full), (std::vector<std::string>{"sliding_attention"}));
  const model_rope r = rope(nope_full);
  EXPECT_EQ(r.layer_type, "sliding_attention");
  EXPECT_EQ(r.layers_without_rope, (std::vector<std::size_t>{0, 4}));
  EXPECT_TRUE(close(r.frequencies, inverse_powers(1e4, 128)));
  EXPECT_FALSE(has_note(r, "unknown-model-type"));
  // a base per layer type
  const std::string two = R"({"model_type": "granitemoe_swa", )" + sizes +
                          R"("layer_rope_theta": [5e5, 1e4, 1e4, 1e4, 5e5, 1e4, 1e4, 1e4]})";
  EXPECT_EQ(layer_types(two), (std::vector<std::string>{"sliding_attention", "full_attention"}));
  EXPECT_TRUE(close(rope(two, "full_attention").frequencies, inverse_powers(5e5, 128)));
  EXPECT_TRUE(close(rope(two, "sliding_attention").frequencies, inverse_powers(1e4, 128)));
  EXPECT_TRUE(rope(two).layers_without_rope.empty());
  // without the list, every layer at rope_theta
  EXPECT_TRUE(close(rope(R"({"model_type": "granite_swa", "rope_theta": 2e4})").frequencies, inverse_powers(2e4, 128)));
}

TEST(GraniteSwa, RefusesTwoBasesInOneLayerTypeAndNoRopeAtAll) {
  const std::string head = R"({"model_type": "granite_swa", "num_hidden_layers": 4, "layer_rope_theta": )";
  EXPECT_TRUE(rejects(head + "[1e4, 1e4, 2e4, 1e4]}", "config.layer_rope_theta[2]", "20000"));
  EXPECT_TRUE(rejects(head + "[0, 0, 0, 0]}", "config.layer_rope_theta", "0 for every layer"));
  EXPECT_TRUE(rejects(head + "[1e4, -1, 1e4, 1e4]}", "config.layer_rope_theta[1]", "-1"));
  EXPECT_TRUE(rejects(head + "[1e4, 1e4]}", "config.layer_rope_theta.length", "2"));
}

// configuration_muse_glimmer.py / modular_muse_glimmer.py: one rotary embedding at rope_theta, none where
// layer_rope_theta is 0; by default every 4th layer counted back from the last is NoPE and full attention (52
// layers: 3, 7, ..., 51), the others sliding. Class defaults: head_dim 128, base 1e4. 1e4^(-2i/128) written out.
TEST(MuseGlimmer, NoRopeWhereLayerRopeThetaIsZeroAndTheBaseIsRopeTheta) {
  std::vector<std::size_t> every_fourth_from_last;
  for (std::size_t i = 3; i < 52; i += 4) every_fourth_from_last.push_back(i);
  const model_rope defaults = rope(R"({"model_type": "muse_glimmer_text"})");
  EXPECT_EQ(defaults.layer_type, "sliding_attention");
  EXPECT_EQ(defaults.layers_without_rope, every_fourth_from_last);
  EXPECT_TRUE(close(defaults.frequencies, inverse_powers(1e4, 128)));
  EXPECT_FALSE(has_note(defaults, "unknown-model-type"));
  // the wrapper reads its text_config (its defaults when absent)
  EXPECT_EQ(rope(R"({"model_type": "muse_glimmer"})").layers_without_rope, every_fourth_from_last);
  // 6 layers counted back from the last: layers 1 and 5 are NoPE (not 3, as counted from the first)
  const model_rope six = rope(R"({"model_type": "muse_glimmer_text", "num_hidden_layers": 6, "rope_theta": 5e5})");
  EXPECT_EQ(six.layers_without_rope, (std::vector<std::size_t>{1, 5}));
  EXPECT_TRUE(close(six.frequencies, inverse_powers(5e5, 128)));
  // a list: only its zeros are read; the other layers turn at rope_theta, whatever base they name
  const std::string listed =
      R"({"model_type": "muse_glimmer", "text_config": {"num_hidden_layers": 4, "layer_types": ["sliding_attention",
      "full_attention", "sliding_attention", "full_attention"], "layer_rope_theta": [1e4, 0, 7, 1e4]}})";
  EXPECT_EQ(layer_types(listed), (std::vector<std::string>{"sliding_attention", "full_attention"}));
  EXPECT_EQ(rope(listed).layers_without_rope, (std::vector<std::size_t>{1}));
  EXPECT_TRUE(close(rope(listed, "sliding_attention").frequencies, inverse_powers(1e4, 128)));
  EXPECT_TRUE(close(rope(listed, "full_attention").frequencies, inverse_powers(1e4, 128)));
  const std::string head = R"({"model_type": "muse_glimmer_text", "num_hidden_layers": 2, "layer_rope_theta": )";
  EXPECT_TRUE(rejects(head + "[0, 0]}", "config.layer_rope_theta", "0 for every layer"));
  EXPECT_TRUE(rejects(head + "[0]}", "config.layer_rope_theta.length", "1"));
}

// configuration_muse_glimmer_assistant.py: head_dim 128, default_theta 5e5; every layer rotates.
TEST(MuseGlimmerAssistant, ClassDefaults) {
  const model_rope assistant = rope(R"({"model_type": "muse_glimmer_assistant", "num_hidden_layers": 5})");
  EXPECT_TRUE(close(assistant.frequencies, inverse_powers(5e5, 128)));
  EXPECT_TRUE(assistant.layers_without_rope.empty());
  EXPECT_FALSE(has_note(assistant, "unknown-model-type"));
}

// configuration_qwen4_exp.py / modeling_qwen4_exp.py (transformers 5.17.0): head_dim 256 turned whole (no default
// partial_rotary_factor), base 1e4, 40 layers of which every 4th is qwen_sparse_attention and the others
// linear_attention (GatedDeltaNet, no RoPE); Qwen3.5's interleaved sections [11, 11, 10].
TEST(Qwen4Exp, OnlyItsAttentionLayersRotateTheWholeHead) {
  std::vector<std::size_t> linear;
  for (std::size_t i = 0; i < 40; ++i) {
    if ((i + 1) % 4 != 0) linear.push_back(i);
  }
  const model_rope defaults = rope(R"({"model_type": "qwen4_exp_text"})");
  EXPECT_EQ(defaults.layer_type, "qwen_sparse_attention");
  EXPECT_EQ(defaults.layers_without_rope, linear);
  EXPECT_EQ(defaults.rotary_dim, 256u);
  EXPECT_TRUE(close(defaults.frequencies, inverse_powers(1e4, 256)));
  EXPECT_EQ(defaults.sections, (std::vector<std::int64_t>{11, 11, 10}));
  EXPECT_TRUE(defaults.interleaved_sections);
  EXPECT_FALSE(has_note(defaults, "unknown-model-type"));
  EXPECT_EQ(rope(R"({"model_type": "qwen4_exp"})").layers_without_rope, linear);
  // a listed layer of any type but linear_attention attends; partial_rotary_factor 0.25 turns 64 features
  const model_rope listed = rope(R"({"model_type": "qwen4_exp", "text_config": {"num_hidden_layers": 4,
      "layer_types": ["linear_attention", "full_attention", "linear_attention", "qwen_sparse_attention"],
      "rope_parameters": {"rope_type": "default", "rope_theta": 1e6, "partial_rotary_factor": 0.25}}})");
  EXPECT_EQ(listed.layers_without_rope, (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(listed.rotary_dim, 64u);
  EXPECT_TRUE(close(listed.frequencies, inverse_powers(1e6, 64)));
  EXPECT_TRUE(rejects(R"({"model_type": "qwen4_exp_text", "num_hidden_layers": 2,
      "layer_types": ["linear_attention", "linear_attention"]})",
                      "config.layer_types", "none"));
}

// configuration_minimax_m3_vl.py / modular_minimax_m3_vl.py (transformers 5.17.0): MiniMax-M2's base 5e6 and
// head_dim 128, but rotary_dim (64) never becomes partial_rotary_factor, so the whole head turns and a note says
// so; a partial_rotary_factor in rope_parameters is honoured.
TEST(MiniMaxM3, TheWholeHeadTurnsWhateverRotaryDimSays) {
  const model_rope text = rope(R"({"model_type": "minimax_m3_vl_text", "rotary_dim": 64})");
  EXPECT_EQ(text.rotary_dim, 128u);
  EXPECT_TRUE(close(text.frequencies, inverse_powers(5e6, 128)));
  EXPECT_TRUE(has_note(text, "minimax-m3-rotary-dim path=config.rotary_dim value=64"));
  EXPECT_FALSE(has_note(text, "unknown-model-type"));
  const model_rope wrapper = rope(R"({"model_type": "minimax_m3_vl", "text_config": {"rotary_dim": 64}})");
  EXPECT_TRUE(close(wrapper.frequencies, inverse_powers(5e6, 128)));
  EXPECT_TRUE(has_note(wrapper, "minimax-m3-rotary-dim path=config.text_config.rotary_dim value=64"));
  const model_rope partial = rope(R"({"model_type": "minimax_m3_vl_text",
      "rope_parameters": {"rope_type": "default", "rope_theta": 5e6, "partial_rotary_factor": 0.5}})");
  EXPECT_EQ(partial.rotary_dim, 64u);
  EXPECT_TRUE(close(partial.frequencies, inverse_powers(5e6, 64)));
  EXPECT_FALSE(has_note(partial, "minimax-m3-rotary-dim"));
}

// configuration_axk1.py / configuration_axk2.py: A.X-K1 is DeepSeek-V3's MLA (64-wide rope slice, rope_interleave);
// A.X-K2 is DeepSeek-V3.2's with a 32-wide rope slice and qk_nope_head_dim 64, and AXK2Attention turns adjacent
// pairs into halves whatever rope_interleave says. Softmax: qk_head_dim^-0.5 (192, 96).
TEST(AXK, DeepSeekMlaClassDefaults) {
  struct expected {
    const char* type;
    std::size_t rope_width;
    double qk_head_dim;
    layout without_interleave;
  };
  for (const expected& e :
       {expected{"axk1", 64, 192, layout::half}, expected{"axk2", 32, 96, layout::interleaved_to_half}}) {
    const std::string config = std::string(R"({"model_type": ")") + e.type + R"("})";
    const model_rope r = rope(config);
    EXPECT_EQ(r.head_dim, e.rope_width) << e.type;
    EXPECT_EQ(r.pairs, layout::interleaved_to_half) << e.type;
    EXPECT_TRUE(close(r.frequencies, inverse_powers(1e4, e.rope_width))) << e.type;
    EXPECT_TRUE(close(softmax(config), 1 / std::sqrt(e.qk_head_dim))) << e.type;
    EXPECT_FALSE(has_note(r, "unknown-model-type")) << e.type;
    std::string plain = config;
    plain.insert(1, R"("rope_interleave": false, )");
    EXPECT_EQ(rope(plain).pairs, e.without_interleave) << e.type;
  }
}

// configuration_voxtral_realtime.py: VoxtralRealtimeTextConfig(MistralConfig), head_dim 4096 / 32 = 128 and base
// 1e4; VoxtralRealtimeConfig merges _default_text_config_kwargs (3072 hidden, base 1e6, head_dim 128) under
// its text_config.
TEST(VoxtralRealtime, TextClassAndWrapperDefaults) {
  const model_rope text = rope(R"({"model_type": "voxtral_realtime_text"})");
  EXPECT_TRUE(close(text.frequencies, inverse_powers(1e4, 128)));
  EXPECT_FALSE(has_note(text, "unknown-model-type"));
  const std::string wrapper =
      R"({"model_type": "voxtral_realtime", "text_config": {"model_type": "voxtral_realtime_text"}})";
  EXPECT_TRUE(close(rope(wrapper).frequencies, inverse_powers(1e6, 128)));
  EXPECT_TRUE(close(rope(R"({"model_type": "voxtral_realtime"})").frequencies, inverse_powers(1e6, 128)));
  const std::string own = R"({"model_type": "voxtral_realtime", "text_config": {"rope_theta": 2e6, "head_dim": 64}})";
  EXPECT_TRUE(close(rope(own).frequencies, inverse_powers(2e6, 64)));
}

}  // namespace
