// llama_cpp_flags against llama.cpp's behaviour as its code reads (common/arg.cpp, src/llama-context.cpp,
// src/llama-model.cpp, ggml's rope, convert_hf_to_gguf.py), from hand-filled model_rope values. Every
// number a flag must carry is computed here from its formula in double and compared with what
// std::stof (llama.cpp's parser) reads from the flag, never by calling posenc.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "note_text.hpp"
#include "posenc/llama_cpp.hpp"
#include "test_support.hpp"

namespace {

using posenc::llama_cpp_advice;
using posenc::llama_cpp_flags;
using posenc::model_rope;
using posenc::rope_type;
using posenc_test::throws_invalid;

constexpr double kPi = 3.14159265358979323846;

// A plain full-attention layer type with head_dim = rotary_dim = d and no scaling.
model_rope plain(std::size_t d, double base) {
  model_rope r;
  r.layer_types = {"full_attention"};
  r.layer_type = "full_attention";
  r.model_type = "llama";
  r.head_dim = d;
  r.rotary_dim = d;
  r.base = base;
  for (std::size_t k = 0; k < d; k += 2) r.frequencies.push_back(1.0 / std::pow(base, double(k) / double(d)));
  return r;
}

model_rope typed(std::size_t d, double base, const char* name, rope_type t) {
  model_rope r = plain(d, base);
  r.rope_type = name;
  r.scaling.type = t;
  return r;
}

bool has_flag_named(const llama_cpp_advice& a, const std::string& name) {
  for (const auto& f : a.flags) {
    if (f.compare(0, name.size() + 1, name + " ") == 0) return true;
  }
  return false;
}

// The value of flag `name`, "" when absent.
std::string flag_value(const llama_cpp_advice& a, const std::string& name) {
  for (const auto& f : a.flags) {
    if (f.compare(0, name.size() + 1, name + " ") == 0) return f.substr(name.size() + 1);
  }
  return "";
}

bool notes_contain(const llama_cpp_advice& a, const std::string& text) {
  for (const auto& n : a.notes) {
    if (note_text(n).find(text) != std::string::npos) return true;
  }
  return false;
}

// A note of exactly this code.
bool has_code(const llama_cpp_advice& a, const std::string& code) {
  for (const auto& n : a.notes) {
    if (n.code == code) return true;
  }
  return false;
}

// A note that says what a GGUF converted from the config already carries, or lacks.
bool says_what_a_gguf_carries(const llama_cpp_advice& a) {
  for (const char* code :
       {"llama-default", "llama-linear-gguf", "llama-ntk-gguf", "llama-dynamic-needed", "llama-dynamic-gguf",
        "llama-hunyuan-gguf", "llama-yarn-gguf", "llama-longrope", "llama-longrope-minicpm3", "llama-llama3",
        "llama-proportional-factor", "llama-proportional-gguf", "llama-sliding-gemma3"}) {
    if (has_code(a, code)) return true;
  }
  return false;
}

std::string all_notes(const llama_cpp_advice& a) {
  std::string s;
  for (const auto& n : a.notes) s += "  - " + note_text(n) + "\n";
  return s;
}

// Significant digits of a decimal text ("40889.94" -> 7, "160000" -> 2).
int significant_digits(const std::string& text) {
  std::string digits;
  for (char c : text) {
    if (c == 'e' || c == 'E') break;
    if (c >= '0' && c <= '9') digits += c;
  }
  const auto first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 0;
  digits = digits.substr(first);
  if (text.find('.') == std::string::npos) {
    while (!digits.empty() && digits.back() == '0') digits.pop_back();
  }
  return int(digits.size());
}

// llama.cpp reads exactly float(expected) from the text, and no shorter text of the same float was
// possible to beat by more than rounding: at most 9 significant digits, with no trailing noise.
::testing::AssertionResult reads_as_float(const std::string& text, double expected) {
  if (text.empty()) return ::testing::AssertionFailure() << "flag missing";
  const float got = std::stof(text);
  if (got != static_cast<float>(expected)) {
    return ::testing::AssertionFailure() << "std::stof(\"" << text << "\") = " << got << ", expected float(" << expected
                                         << ") = " << static_cast<float>(expected);
  }
  if (significant_digits(text) > 9) return ::testing::AssertionFailure() << "\"" << text << "\" is longer than needed";
  return ::testing::AssertionSuccess();
}

// ------------------------------------------------------------------------------------ default

TEST(LlamaCppDefault, NeedsNoFlag) {
  const auto a = llama_cpp_flags(plain(128, 500000));
  EXPECT_TRUE(a.flags.empty());
  EXPECT_TRUE(says_what_a_gguf_carries(a)) << all_notes(a);
  EXPECT_TRUE(has_code(a, "llama-default")) << all_notes(a);
}

TEST(LlamaCppDefault, BeyondTheTrainedLengthSaysSo) {
  model_rope r = plain(128, 10000);
  r.max_position_embeddings = 4096;
  EXPECT_TRUE(notes_contain(llama_cpp_flags(r, 8192), "llama-past-trained context=8192 trained=4096"));
  EXPECT_FALSE(has_code(llama_cpp_flags(r, 4096), "llama-past-trained"));
}

// ------------------------------------------------------------------------------------ linear

TEST(LlamaCppLinear, RopeScaleIsTheFactor) {
  model_rope r = typed(128, 10000, "linear", rope_type::linear);
  r.scaling.factor = 4;
  const auto a = llama_cpp_flags(r);
  EXPECT_EQ(a.flags, (std::vector<std::string>{"--rope-scaling linear", "--rope-scale 4"}));
  EXPECT_TRUE(has_code(a, "llama-linear-inverse")) << all_notes(a);
  EXPECT_TRUE(notes_contain(a, "llama-linear-inverse inverse=0.25")) << all_notes(a);
  EXPECT_TRUE(notes_contain(a, "llama-linear-gguf factor=4")) << all_notes(a);
}

TEST(LlamaCppLinear, AnInexactFactorIsTheShortestTextOfItsFloat) {
  model_rope r = typed(64, 10000, "linear", rope_type::linear);
  r.scaling.factor = 1.0 / 3.0;
  const auto a = llama_cpp_flags(r);
  EXPECT_TRUE(reads_as_float(flag_value(a, "--rope-scale"), 1.0 / 3.0));
}

TEST(LlamaCppLinear, FactorOneNeedsNoFlag) {
  model_rope r = typed(64, 10000, "linear", rope_type::linear);
  r.scaling.factor = 1;
  EXPECT_TRUE(llama_cpp_flags(r).flags.empty());
}

TEST(LlamaCppNumbers, EveryFactorIsTheShortestTextOfItsFloat) {
  std::mt19937_64 rng(20240611);
  std::uniform_real_distribution<double> exponent(-6, 9), mantissa(1, 10);
  for (int i = 0; i < 2000; ++i) {
    const double value = mantissa(rng) * std::pow(10.0, std::floor(exponent(rng)));
    model_rope r = typed(64, 10000, "linear", rope_type::linear);
    r.scaling.factor = value;
    const std::string text = flag_value(llama_cpp_flags(r), "--rope-scale");
    ASSERT_TRUE(reads_as_float(text, value)) << value;
    // The fewest significant digits any text of that float needs, by printf and strtof.
    int fewest = 1;
    for (char buffer[64]; fewest < 9; ++fewest) {
      std::snprintf(buffer, sizeof buffer, "%.*e", fewest - 1, double(static_cast<float>(value)));
      if (std::strtof(buffer, nullptr) == static_cast<float>(value)) break;
    }
    ASSERT_EQ(significant_digits(text), fewest) << text << " for " << value;
  }
}

// ------------------------------------------------------------------------------------ static NTK

TEST(LlamaCppNtk, ScaledBaseForBase10000Factor4Dim128) {
  model_rope r = typed(128, 10000, "ntk", rope_type::ntk);
  r.scaling.factor = 4;
  const auto a = llama_cpp_flags(r);
  const double expected = 10000.0 * std::pow(4.0, 128.0 / 126.0);  // 40889.94...
  ASSERT_EQ(a.flags.size(), 1u);
  EXPECT_TRUE(reads_as_float(flag_value(a, "--rope-freq-base"), expected));
  EXPECT_EQ(a.flags[0], "--rope-freq-base 40889.94");
  EXPECT_TRUE(has_code(a, "llama-ntk-gguf")) << all_notes(a);
}

TEST(LlamaCppNtk, AnExactBaseCarriesNoNoise) {
  // d = 4: base * factor^2 = 10000 * 16, exactly.
  model_rope r = typed(4, 10000, "ntk", rope_type::ntk);
  r.scaling.factor = 4;
  EXPECT_EQ(llama_cpp_flags(r).flags, (std::vector<std::string>{"--rope-freq-base 160000"}));
}

TEST(LlamaCppNtk, ScalingTypeAloneSelectsIt) {
  model_rope r = plain(96, 1000000);  // rope_type left "default", as a hand-filled value may
  r.scaling.type = rope_type::ntk;
  r.scaling.factor = 8;
  const double expected = 1000000.0 * std::pow(8.0, 96.0 / 94.0);
  EXPECT_TRUE(reads_as_float(flag_value(llama_cpp_flags(r), "--rope-freq-base"), expected));
}

// ------------------------------------------------------------------------------------ dynamic

TEST(LlamaCppDynamic, NoFlagUpToMaxPositionEmbeddings) {
  model_rope r = typed(128, 10000, "dynamic", rope_type::dynamic);
  r.scaling.factor = 2;
  r.max_position_embeddings = 4096;
  for (std::int64_t c : {std::int64_t{0}, std::int64_t{2048}, std::int64_t{4096}}) {
    const auto a = llama_cpp_flags(r, c);
    EXPECT_TRUE(a.flags.empty()) << c;
    EXPECT_TRUE(says_what_a_gguf_carries(a)) << all_notes(a);
    EXPECT_TRUE(has_code(a, "llama-dynamic-gguf")) << all_notes(a);
  }
}

TEST(LlamaCppDynamic, BeyondItTheBaseOfTheChosenContext) {
  model_rope r = typed(128, 10000, "dynamic", rope_type::dynamic);
  r.scaling.factor = 2;
  r.max_position_embeddings = 4096;
  const auto a = llama_cpp_flags(r, 16384);
  // base * (f * L / M - (f - 1))^(d / (d - 2)) = 10000 * (2 * 4 - 1)^(128 / 126)
  const double expected = 10000.0 * std::pow(2.0 * 16384.0 / 4096.0 - 1.0, 128.0 / 126.0);
  ASSERT_EQ(a.flags.size(), 1u);
  EXPECT_TRUE(reads_as_float(flag_value(a, "--rope-freq-base"), expected));
  EXPECT_TRUE(has_code(a, "llama-dynamic-context")) << all_notes(a);
  EXPECT_TRUE(notes_contain(a, "llama-dynamic-context max=4096 context=16384")) << all_notes(a);
  EXPECT_TRUE(has_code(a, "llama-dynamic-needed")) << all_notes(a);
}

TEST(LlamaCppDynamic, PartialRotaryUsesTheRotaryDim) {
  model_rope r = typed(128, 10000, "dynamic", rope_type::dynamic);
  r.rotary_dim = 32;
  r.frequencies.resize(16);
  r.scaling.factor = 4;
  r.max_position_embeddings = 2048;
  const double expected = 10000.0 * std::pow(4.0 * 8192.0 / 2048.0 - 3.0, 32.0 / 30.0);
  EXPECT_TRUE(reads_as_float(flag_value(llama_cpp_flags(r, 8192), "--rope-freq-base"), expected));
}

TEST(LlamaCppDynamic, HunyuanAlphaIsOneBaseForEveryPosition) {
  model_rope r = typed(128, 10000, "dynamic", rope_type::dynamic);
  r.scaling.factor = 1;
  r.scaling.max_position_embeddings = 32768;
  r.ntk_alpha = 1000;
  // rope_theta * alpha^(d / (d - 2)), as Hunyuan's modeling file and convert_hf_to_gguf.py compute it
  const double expected = 10000.0 * std::pow(1000.0, 128.0 / 126.0);
  for (std::int64_t c : {std::int64_t{0}, std::int64_t{65536}}) {
    const auto a = llama_cpp_flags(r, c);
    ASSERT_EQ(a.flags.size(), 1u) << c;
    EXPECT_TRUE(reads_as_float(flag_value(a, "--rope-freq-base"), expected)) << c;
    EXPECT_TRUE(has_code(a, "llama-hunyuan-gguf")) << all_notes(a);
    EXPECT_EQ(has_code(a, "llama-hunyuan-beyond"), c > 32768) << all_notes(a);
  }
}

// GTE's fixed NTK: p (base f)^(-2i/d) / f^(2/d) = p * f^(-2/d) * (base f)^(-2i/d), llama.cpp's freq_scale and base.
TEST(LlamaCppNtk, GteFixedNtkIsABaseAndAScale) {
  const auto a = posenc::llama_cpp_flags(posenc::parse_json(R"({"model_type": "new", "hidden_size": 768,
      "num_attention_heads": 12, "rope_theta": 500000, "rope_scaling": {"type": "ntk", "factor": 2.0}})"));
  ASSERT_EQ(a.flags.size(), 2u) << all_notes(a);
  EXPECT_TRUE(reads_as_float(flag_value(a, "--rope-freq-base"), 1e6));
  EXPECT_TRUE(reads_as_float(flag_value(a, "--rope-freq-scale"), std::pow(2.0, -2.0 / 64)));
  const auto mixed = posenc::llama_cpp_flags(posenc::parse_json(R"({"model_type": "new", "hidden_size": 768,
      "num_attention_heads": 12, "rope_scaling": {"type": "ntk", "factor": 2.0, "mixed_b": 0.5}})"));
  EXPECT_TRUE(mixed.flags.empty());
  EXPECT_TRUE(notes_contain(mixed, "llama-gte-mixed mixedB=0.5")) << all_notes(mixed);
}

TEST(LlamaCppStructure, LayersWithoutRopeAreTheArchitectures) {
  model_rope r = plain(128, 500000);
  EXPECT_FALSE(has_code(llama_cpp_flags(r, 0), "llama-no-rope-layers"));
  r.layers_without_rope = {3, 7, 11};
  const auto a = llama_cpp_flags(r, 0);
  EXPECT_TRUE(a.flags.empty());
  EXPECT_TRUE(notes_contain(a, "llama-no-rope-layers count=3")) << all_notes(a);
}

// ------------------------------------------------------------------------------------ YaRN

model_rope qwen_yarn() {
  model_rope r = typed(128, 1000000, "yarn", rope_type::yarn);
  r.model_type = "qwen3";
  r.scaling.factor = 4;
  r.scaling.original_max_position_embeddings = 32768;
  r.max_position_embeddings = 40960;
  r.attention_factor = 0.1 * std::log(4.0) + 1.0;
  return r;
}

TEST(LlamaCppYarn, FlagsWithoutOnesThatDoNothing) {
  const auto a = llama_cpp_flags(qwen_yarn());
  EXPECT_EQ(a.flags, (std::vector<std::string>{"--rope-scaling yarn", "--rope-scale 4", "--yarn-orig-ctx 32768"}));
  EXPECT_FALSE(has_flag_named(a, "--yarn-attn-factor"));
  EXPECT_FALSE(has_flag_named(a, "--yarn-ext-factor"));
  EXPECT_FALSE(has_flag_named(a, "--yarn-beta-fast"));
  EXPECT_FALSE(has_flag_named(a, "--yarn-beta-slow"));
  EXPECT_TRUE(has_code(a, "llama-yarn-gguf")) << all_notes(a);
}

TEST(LlamaCppYarn, AttentionFactorIsOverwrittenByLlamaCpp) {
  const auto a = llama_cpp_flags(qwen_yarn());
  EXPECT_TRUE(has_code(a, "llama-yarn-attention")) << all_notes(a);
  EXPECT_TRUE(notes_contain(a, "llama-yarn-agree theirs=1.13863 factor=4")) << all_notes(a);
  EXPECT_TRUE(has_code(a, "llama-yarn-agree")) << all_notes(a);
}

TEST(LlamaCppYarn, AnExplicitAttentionFactorIsNotHonoured) {
  model_rope r = qwen_yarn();
  r.scaling.attention_factor = 1.5;
  r.attention_factor = 1.5;
  const auto a = llama_cpp_flags(r);
  EXPECT_FALSE(has_flag_named(a, "--yarn-attn-factor"));
  const double llama = 0.1 * std::log(4.0) + 1.0;  // 1.138629...
  const double ratio = (1.5 / llama) * (1.5 / llama);
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", ratio);
  EXPECT_TRUE(notes_contain(a, "llama-yarn-differs ours=1.5 theirs=1.13863 factor=4")) << all_notes(a);
  EXPECT_TRUE(notes_contain(a, std::string("ratio=") + text)) << text << "\n" << all_notes(a);
}

TEST(LlamaCppYarn, BetasThatDifferFromTheDefaultsArePrinted) {
  model_rope r = qwen_yarn();
  r.scaling.beta_fast = 64;
  r.scaling.beta_slow = 2;
  const auto a = llama_cpp_flags(r);
  EXPECT_EQ(flag_value(a, "--yarn-beta-fast"), "64");
  EXPECT_EQ(flag_value(a, "--yarn-beta-slow"), "2");
}

TEST(LlamaCppYarn, FactorFromTheLengthsWhenAbsent) {
  model_rope r = qwen_yarn();
  r.scaling.factor.reset();
  r.scaling.original_max_position_embeddings = 4096;
  r.max_position_embeddings = 163840;
  const auto a = llama_cpp_flags(r);
  EXPECT_EQ(flag_value(a, "--rope-scale"), "40");
  EXPECT_EQ(flag_value(a, "--yarn-orig-ctx"), "4096");
}

TEST(LlamaCppYarn, MscalesAreNamed) {
  model_rope r = qwen_yarn();
  r.scaling.mscale = 1;
  r.scaling.mscale_all_dim = 1;
  r.attention_factor = 1;
  EXPECT_TRUE(has_code(llama_cpp_flags(r), "llama-yarn-mscale"));
}

TEST(LlamaCppYarn, UntruncatedRangeCannotBeExpressed) {
  // gpt-oss: head_dim 64, rope_theta 150000, factor 32, original 4096, truncate false.
  model_rope r = typed(64, 150000, "yarn", rope_type::yarn);
  r.scaling.factor = 32;
  r.scaling.original_max_position_embeddings = 4096;
  r.scaling.truncate = false;
  r.truncate = false;
  r.attention_factor = 0.1 * std::log(32.0) + 1.0;
  const auto a = llama_cpp_flags(r);
  auto dim_at = [](double rotations) {
    return 64.0 * std::log(4096.0 / (rotations * 2 * kPi)) / (2 * std::log(150000.0));
  };
  const double low = dim_at(32), high = dim_at(1);  // 8.0928, 17.398
  char ggml[64], hf[64];
  std::snprintf(ggml, sizeof ggml, "lowGgml=%g highGgml=%g", std::floor(low), std::ceil(high));
  std::snprintf(hf, sizeof hf, "low=%.4g high=%.4g", low, high);
  EXPECT_TRUE(has_code(a, "llama-yarn-untruncated")) << all_notes(a);
  EXPECT_TRUE(notes_contain(a, ggml)) << ggml << "\n" << all_notes(a);
  EXPECT_TRUE(notes_contain(a, hf)) << hf << "\n" << all_notes(a);
}

TEST(LlamaCppYarn, TruncatedRangeSaysNothingOfIt) {
  EXPECT_FALSE(has_code(llama_cpp_flags(qwen_yarn()), "llama-yarn-untruncated"));
}

// ------------------------------------------------------------------------------------ LongRoPE

model_rope phi3_longrope() {
  model_rope r = typed(96, 10000, "longrope", rope_type::longrope);
  r.model_type = "phi3";
  r.scaling.original_max_position_embeddings = 4096;
  r.scaling.max_position_embeddings = 131072;
  r.scaling.short_factor.assign(48, 1.0);
  r.scaling.long_factor.assign(48, 2.0);
  r.original_max_position_embeddings = 4096;
  r.max_position_embeddings = 131072;
  return r;
}

TEST(LlamaCppLongrope, NoFlagAndTheFactorChoice) {
  const auto a = llama_cpp_flags(phi3_longrope());
  EXPECT_TRUE(a.flags.empty());
  EXPECT_TRUE(has_code(a, "llama-longrope")) << all_notes(a);
  EXPECT_TRUE(says_what_a_gguf_carries(a)) << all_notes(a);
  EXPECT_TRUE(has_code(a, "llama-longrope-pick")) << all_notes(a);
  EXPECT_TRUE(notes_contain(a, "llama-longrope-pick original=4096")) << all_notes(a);
}

TEST(LlamaCppLongrope, ContextSelectsLongOrShort) {
  EXPECT_TRUE(notes_contain(llama_cpp_flags(phi3_longrope(), 8192), "llama-longrope-long context=8192"));
  EXPECT_TRUE(notes_contain(llama_cpp_flags(phi3_longrope(), 4096), "llama-longrope-short context=4096"));
}

// convert_hf_to_gguf.py's MiniCPM3Model.generate_extra_tensors writes rope_factors_long and _short and no
// rope.scaling key, so llama.cpp's n_ctx_orig_yarn is the GGUF's context length (max_position_embeddings) and
// its attention factor 1: the long factors start past 32768, not past the config's 4096.
TEST(LlamaCppLongrope, MiniCpm3ConverterWritesTheFactorsAlone) {
  model_rope r = phi3_longrope();
  r.model_type = "minicpm3";
  r.max_position_embeddings = 32768;
  r.scaling.attention_factor = std::sqrt(1 + std::log(32768.0 / 4096) / std::log(4096.0));
  r.attention_factor = *r.scaling.attention_factor;
  const auto a = llama_cpp_flags(r, 8192);
  EXPECT_TRUE(a.flags.empty());
  EXPECT_TRUE(notes_contain(a, "llama-longrope-minicpm3 max=32768 original=4096")) << all_notes(a);
  EXPECT_FALSE(has_code(a, "llama-longrope")) << all_notes(a);
  EXPECT_TRUE(notes_contain(a, "llama-longrope-pick original=32768")) << all_notes(a);
  EXPECT_TRUE(notes_contain(a, "llama-longrope-short context=8192")) << all_notes(a);
  EXPECT_FALSE(has_code(a, "llama-longrope-attn")) << all_notes(a);
  EXPECT_TRUE(notes_contain(llama_cpp_flags(r, 40000), "llama-longrope-long context=40000"));
}

// ------------------------------------------------------------------------------------ llama3

TEST(LlamaCppLlama3, BakedIntoRopeFreqs) {
  model_rope r = typed(128, 500000, "llama3", rope_type::llama3);
  r.scaling.factor = 8;
  r.scaling.low_freq_factor = 1;
  r.scaling.high_freq_factor = 4;
  r.scaling.original_max_position_embeddings = 8192;
  const auto a = llama_cpp_flags(r);
  EXPECT_TRUE(a.flags.empty());
  EXPECT_TRUE(has_code(a, "llama-llama3")) << all_notes(a);
  EXPECT_TRUE(says_what_a_gguf_carries(a)) << all_notes(a);
}

// ------------------------------------------------------------------------------------ proportional

TEST(LlamaCppProportional, FromTheGgufOnly) {
  // Gemma 4's full attention: head_dim 512, partial_rotary_factor 0.25: 64 turning pairs, 192 still.
  model_rope r = plain(512, 1000000);
  r.rope_type = "proportional";
  r.partial_rotary_factor = 0.25;
  for (std::size_t i = 64; i < r.frequencies.size(); ++i) r.frequencies[i] = 0;
  const auto a = llama_cpp_flags(r);
  EXPECT_TRUE(a.flags.empty());
  EXPECT_TRUE(notes_contain(a, "llama-proportional-counts turning=64 others=192")) << all_notes(a);
  EXPECT_TRUE(says_what_a_gguf_carries(a)) << all_notes(a);
  EXPECT_FALSE(has_code(a, "llama-partial")) << all_notes(a);
}

TEST(LlamaCppProportional, AFactorNeedsRopeScale) {
  model_rope r = plain(256, 1000000);
  r.rope_type = "proportional";
  r.scaling.factor = 8;
  const auto a = llama_cpp_flags(r);
  EXPECT_EQ(flag_value(a, "--rope-scale"), "8");
}

// ------------------------------------------------------------------------------------ structure

TEST(LlamaCppStructure, PartialRotaryComesFromTheGguf) {
  model_rope r = plain(128, 10000);
  r.rotary_dim = 64;
  r.frequencies.resize(32);
  EXPECT_TRUE(notes_contain(llama_cpp_flags(r), "llama-partial dim=64 headDim=128"));
  EXPECT_TRUE(has_code(llama_cpp_flags(r), "llama-partial"));
}

TEST(LlamaCppStructure, InterleavedLayoutIsTheArchitecturesChoice) {
  model_rope r = plain(64, 10000);
  r.pairs = posenc::layout::interleaved;
  EXPECT_TRUE(has_code(llama_cpp_flags(r), "llama-interleaved"));
  EXPECT_FALSE(has_code(llama_cpp_flags(plain(64, 10000)), "llama-interleaved"));
}

TEST(LlamaCppStructure, MropeSections) {
  model_rope r = plain(128, 1000000);
  r.sections = {16, 24, 24};
  auto a = llama_cpp_flags(r);
  EXPECT_TRUE(notes_contain(a, "llama-mrope sections=[16, 24, 24]")) << all_notes(a);
  r.interleaved_sections = true;
  EXPECT_TRUE(has_code(llama_cpp_flags(r), "llama-imrope"));
}

// ------------------------------------------------------------------------------------ per layer type

model_rope gemma3(const char* layer_type) {
  const bool full = std::string(layer_type) == "full_attention";
  model_rope r = full ? typed(128, 1000000, "linear", rope_type::linear) : plain(128, 10000);
  if (full) r.scaling.factor = 8;
  r.model_type = "gemma3_text";
  r.layer_types = {"sliding_attention", "full_attention"};
  r.layer_type = layer_type;
  return r;
}

TEST(LlamaCppPerLayer, FullAttentionTakesTheFlags) {
  const auto a = llama_cpp_flags(gemma3("full_attention"));
  EXPECT_EQ(a.flags, (std::vector<std::string>{"--rope-scaling linear", "--rope-scale 8"}));
  EXPECT_TRUE(has_code(a, "llama-per-layer")) << all_notes(a);
  EXPECT_TRUE(notes_contain(a, "layers=sliding_attention, full_attention layerType=full_attention")) << all_notes(a);
}

TEST(LlamaCppPerLayer, SlidingAttentionComesFromTheGguf) {
  const auto a = llama_cpp_flags(gemma3("sliding_attention"));
  EXPECT_TRUE(a.flags.empty());
  EXPECT_TRUE(has_code(a, "llama-sliding")) << all_notes(a);
  EXPECT_TRUE(has_code(a, "llama-sliding-gemma3")) << all_notes(a);
  EXPECT_TRUE(says_what_a_gguf_carries(a)) << all_notes(a);
  // Only Gemma 3's converter is known to write the sliding base: another model is asked to check it.
  model_rope bert = gemma3("sliding_attention");
  bert.model_type = "modernbert";
  const auto b = llama_cpp_flags(bert);
  EXPECT_TRUE(has_code(b, "llama-sliding-check")) << all_notes(b);
  EXPECT_FALSE(says_what_a_gguf_carries(b)) << all_notes(b);
}

// A whole config: the main layers' note on per-layer RoPE already says the flags miss the sliding
// layers, so the sliding layers' note that says it again is left out; their check of the base stays.
TEST(LlamaCppPerLayer, AWholeConfigSaysTheSlidingLayersOnce) {
  const auto a = posenc::llama_cpp_flags(posenc::parse_json(R"({"model_type": "gemma3_text", "hidden_size": 256,
      "num_attention_heads": 2, "head_dim": 128, "rope_theta": 1000000, "rope_local_base_freq": 10000})"));
  EXPECT_TRUE(has_code(a, "llama-per-layer")) << all_notes(a);
  EXPECT_FALSE(has_code(a, "llama-sliding")) << all_notes(a);
  EXPECT_TRUE(has_code(a, "llama-sliding-gemma3")) << all_notes(a);
}

// ------------------------------------------------------------------------------------ every type

TEST(LlamaCppEveryType, SaysWhatAConvertedGgufAlreadyCarries) {
  std::vector<model_rope> all = {plain(64, 10000), qwen_yarn(), phi3_longrope(), gemma3("full_attention"),
                                 gemma3("sliding_attention")};
  for (auto [name, t] : {std::pair{"linear", rope_type::linear}, std::pair{"ntk", rope_type::ntk},
                         std::pair{"dynamic", rope_type::dynamic}}) {
    model_rope r = typed(64, 10000, name, t);
    r.scaling.factor = 2;
    r.max_position_embeddings = 2048;
    all.push_back(r);
  }
  for (const auto& r : all) {
    for (std::int64_t c : {std::int64_t{0}, std::int64_t{1} << 20}) {
      EXPECT_TRUE(says_what_a_gguf_carries(llama_cpp_flags(r, c))) << r.rope_type << " " << c;
    }
  }
}

// ------------------------------------------------------------------------------------ refusals

TEST(LlamaCppRefusals, BadArguments) {
  EXPECT_TRUE(throws_invalid([] { llama_cpp_flags(plain(64, 10000), -1); }, "context_length", "-1"));
  EXPECT_TRUE(
      throws_invalid([] { llama_cpp_flags(plain(64, 10000), std::int64_t{1} << 31); }, "context_length", "2147483648"));
  EXPECT_TRUE(throws_invalid([] { llama_cpp_flags(plain(64, -5)); }, "rope.base", "-5"));
  model_rope unknown = plain(64, 10000);
  unknown.rope_type = "su";
  EXPECT_TRUE(throws_invalid([&] { llama_cpp_flags(unknown); }, "rope.rope_type", "'su'"));
  model_rope no_factor = typed(64, 10000, "linear", rope_type::linear);
  EXPECT_TRUE(throws_invalid([&] { llama_cpp_flags(no_factor); }, "rope.scaling.factor", "undefined"));
  model_rope tiny = typed(2, 10000, "ntk", rope_type::ntk);
  tiny.scaling.factor = 2;
  EXPECT_TRUE(throws_invalid([&] { llama_cpp_flags(tiny); }, "rope.rotary_dim", "2"));
  model_rope no_length = typed(64, 10000, "dynamic", rope_type::dynamic);
  no_length.scaling.factor = 2;
  EXPECT_TRUE(throws_invalid([&] { llama_cpp_flags(no_length, 8192); }, "rope.max_position_embeddings", "undefined"));
}

}  // namespace
