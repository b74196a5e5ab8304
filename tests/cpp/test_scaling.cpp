// RoPE frequency scaling against independent float64 implementations of the published formulas
// (Hugging Face transformers modeling_rope_utils.py, the YaRN, LongRoPE and Llama 3.1 papers),
// written here from the formulas and never calling posenc for an expected value, for real model
// configurations. Budget: 1e-6 relative per theta_i and per attention factor.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "hf_reference.hpp"
#include "reference.hpp"
#include "test_support.hpp"

namespace {

using posenc::rope_scaling;
using posenc::rope_type;
using posenc_test::throws_invalid;

constexpr double kRelative = 1e-6;

// ------------------------------------------------------------ independent references (float64)
// (tests/cpp/hf_reference.hpp, under the names this file's tests use)

std::vector<double> ref_default(std::size_t d, double base) { return hf_reference::inv_default(d, base); }
std::vector<double> ref_linear(std::size_t d, double base, double f) { return hf_reference::inv_linear(d, base, f); }
std::vector<double> ref_ntk(std::size_t d, double base, double f) { return hf_reference::inv_ntk(d, base, f); }
std::vector<double> ref_dynamic(std::size_t d, double base, double factor, double max_pos, double seq_len) {
  return hf_reference::inv_dynamic(d, base, factor, max_pos, seq_len);
}
std::vector<double> ref_yarn(std::size_t d, double base, double factor, double original, double beta_fast,
                             double beta_slow, bool truncate) {
  return hf_reference::inv_yarn(d, base, factor, original, truncate, beta_fast, beta_slow);
}
double ref_get_mscale(double scale, double mscale) { return hf_reference::get_mscale(scale, mscale); }
// _compute_longrope_parameters: the long factors past the original length, else the short ones.
std::vector<double> ref_longrope(std::size_t d, double base, const std::vector<double>& short_factor,
                                 const std::vector<double>& long_factor, double original, double seq_len) {
  return hf_reference::inv_longrope(d, base, seq_len > original ? long_factor : short_factor);
}
std::vector<double> ref_llama3(std::size_t d, double base, double factor, double low_ff, double high_ff,
                               double old_context) {
  return hf_reference::inv_llama3(d, base, factor, low_ff, high_ff, old_context);
}

double max_relative(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) return INFINITY;
  double m = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double e = std::fabs(got[i] - want[i]) / std::fabs(want[i]);
    if (!(e <= m)) m = std::isnan(e) ? INFINITY : e;
  }
  return m;
}

// ------------------------------------------------------------ configurations

rope_scaling llama31() {  // meta-llama/Llama-3.1-8B: rope_theta 500000, head_dim 128
  rope_scaling s;
  s.type = rope_type::llama3;
  s.factor = 8;
  s.low_freq_factor = 1;
  s.high_freq_factor = 4;
  s.original_max_position_embeddings = 8192;
  return s;
}

rope_scaling qwen_yarn() {  // Qwen2.5 long context: rope_theta 1e6, head_dim 128
  rope_scaling s;
  s.type = rope_type::yarn;
  s.factor = 4;
  s.original_max_position_embeddings = 32768;
  return s;
}

// Phi-3-style LongRoPE lists (head_dim 96: 48 entries each), short near 1, long growing to ~60.
std::vector<double> phi_factors(bool long_list) {
  std::vector<double> f(48);
  for (std::size_t i = 0; i < f.size(); ++i) {
    const double t = double(i) / 47.0;
    f[i] = long_list ? 1.0 + 59.0 * t * t * (3 - 2 * t) + 0.01 * double(i % 5) : 1.0 + 0.05 * t + 0.001 * double(i % 3);
  }
  return f;
}

rope_scaling phi3_longrope() {  // microsoft/Phi-3-mini-128k-instruct: rope_theta 10000, head_dim 96
  rope_scaling s;
  s.type = rope_type::longrope;
  s.short_factor = phi_factors(false);
  s.long_factor = phi_factors(true);
  s.original_max_position_embeddings = 4096;
  s.max_position_embeddings = 131072;
  return s;
}

rope_scaling dynamic_ntk() {  // factor 2 over a 4096 context
  rope_scaling s;
  s.type = rope_type::dynamic;
  s.factor = 2;
  s.max_position_embeddings = 4096;
  return s;
}

// Each check prints its observed maximum (a budget table, as Highway's math tests do).
void report(const std::string& name, double observed) {
  std::printf("  %-48s max rel err %10.3e (budget %.0e)\n", name.c_str(), observed, kRelative);
}

void expect_close(const std::string& name, const std::vector<double>& got, const std::vector<double>& want) {
  const double e = max_relative(got, want);
  report(name, e);
  EXPECT_LE(e, kRelative) << name;
}

void expect_factor(const std::string& name, double got, double want) {
  const double e = std::fabs(got - want) / std::fabs(want);
  report(name + " (attention factor)", e);
  EXPECT_LE(e, kRelative) << name << ": got " << got << ", want " << want;
}

TEST(Scaling, Llama31_8B) {
  const auto got = posenc::rope_frequencies(128, 500000.0, llama31());
  expect_close("llama3 Llama-3.1-8B", got, ref_llama3(128, 500000.0, 8, 1, 4, 8192));
  // The three bands are all present: the first pairs unchanged, the last divided by 8.
  const auto plain = ref_default(128, 500000.0);
  EXPECT_DOUBLE_EQ(got[0], plain[0]);
  EXPECT_NEAR(got[63], plain[63] / 8, 1e-12 * plain[63]);
  int medium = 0;
  for (std::size_t i = 0; i < 64; ++i) medium += got[i] != plain[i] && std::fabs(got[i] - plain[i] / 8) > 1e-15 ? 1 : 0;
  EXPECT_GT(medium, 0) << "no pair in the smoothed band";
  expect_factor("llama3 Llama-3.1-8B", posenc::rope_attention_factor(llama31()), 1.0);
}

TEST(Scaling, YarnQwenStyle) {
  const auto s = qwen_yarn();
  expect_close("yarn Qwen2.5 factor 4 / 32768", posenc::rope_frequencies(128, 1e6, s),
               ref_yarn(128, 1e6, 4, 32768, 32, 1, true));
  expect_factor("yarn Qwen2.5 factor 4 / 32768", posenc::rope_attention_factor(s), 0.1 * std::log(4.0) + 1.0);
}

TEST(Scaling, YarnVariants) {
  // gpt-oss: truncate false, rope_theta 150000, head_dim 64, factor 32 over 4096.
  rope_scaling oss;
  oss.type = rope_type::yarn;
  oss.factor = 32;
  oss.original_max_position_embeddings = 4096;
  oss.truncate = false;
  expect_close("yarn gpt-oss truncate=false", posenc::rope_frequencies(64, 150000.0, oss),
               ref_yarn(64, 150000.0, 32, 4096, 32, 1, false));
  expect_factor("yarn gpt-oss truncate=false", posenc::rope_attention_factor(oss), 0.1 * std::log(32.0) + 1.0);
  // DeepSeek-V2-Lite style: mscale = mscale_all_dim = 0.707, factor 40, betas 32/1, dim 64.
  rope_scaling ds;
  ds.type = rope_type::yarn;
  ds.factor = 40;
  ds.original_max_position_embeddings = 4096;
  ds.beta_fast = 32;
  ds.beta_slow = 1;
  ds.mscale = 0.707;
  ds.mscale_all_dim = 0.707;
  expect_close("yarn DeepSeek mscale", posenc::rope_frequencies(64, 10000.0, ds),
               ref_yarn(64, 10000.0, 40, 4096, 32, 1, true));
  expect_factor("yarn DeepSeek mscale", posenc::rope_attention_factor(ds), 1.0);
  ds.mscale = 1.0;  // unequal: the ratio of the two get_mscale values
  expect_factor("yarn mscale 1 / 0.707", posenc::rope_attention_factor(ds),
                ref_get_mscale(40, 1.0) / ref_get_mscale(40, 0.707));
  ds.mscale_all_dim = 0.0;  // 0 counts as absent: get_mscale(factor)
  expect_factor("yarn mscale_all_dim 0", posenc::rope_attention_factor(ds), ref_get_mscale(40, 1.0));
  ds.attention_factor = 0.8;  // an explicit attention factor wins
  expect_factor("yarn attention_factor", posenc::rope_attention_factor(ds), 0.8);
  // Other betas, and a factor below 1 (no attention scaling, get_mscale = 1).
  rope_scaling odd;
  odd.type = rope_type::yarn;
  odd.factor = 0.5;
  odd.max_position_embeddings = 2048;  // no original: HF falls back on max_position_embeddings
  odd.beta_fast = 16;
  odd.beta_slow = 2;
  expect_close("yarn betas 16/2, factor 0.5", posenc::rope_frequencies(96, 10000.0, odd),
               ref_yarn(96, 10000.0, 0.5, 2048, 16, 2, true));
  expect_factor("yarn factor 0.5", posenc::rope_attention_factor(odd), 1.0);
}

TEST(Scaling, LongRopePhi3Style) {
  const auto s = phi3_longrope();
  const auto sf = phi_factors(false), lf = phi_factors(true);
  // seq_len not given or within 4096: the short factors; beyond: the long ones.
  expect_close("longrope Phi-3 (no seq_len)", posenc::rope_frequencies(96, 10000.0, s),
               ref_longrope(96, 10000.0, sf, lf, 4096, 0));
  expect_close("longrope Phi-3 seq_len 4096", posenc::rope_frequencies(96, 10000.0, s, 4096),
               ref_longrope(96, 10000.0, sf, lf, 4096, 4096));
  expect_close("longrope Phi-3 seq_len 4097", posenc::rope_frequencies(96, 10000.0, s, 4097),
               ref_longrope(96, 10000.0, sf, lf, 4096, 4097));
  expect_close("longrope Phi-3 seq_len 131072", posenc::rope_frequencies(96, 10000.0, s, 131072),
               ref_longrope(96, 10000.0, sf, lf, 4096, 131072));
  EXPECT_NE(posenc::rope_frequencies(96, 10000.0, s, 4096)[40], posenc::rope_frequencies(96, 10000.0, s, 4097)[40]);
  // factor = 131072 / 4096 = 32: sqrt(1 + ln 32 / ln 4096).
  const double want = std::sqrt(1 + std::log(32.0) / std::log(4096.0));
  expect_factor("longrope Phi-3", posenc::rope_attention_factor(s), want);
  expect_factor("longrope Phi-3 seq_len 8", posenc::rope_attention_factor(s, 8), want);
  auto explicit_factor = s;
  explicit_factor.max_position_embeddings.reset();
  explicit_factor.factor = 16;
  expect_factor("longrope factor 16", posenc::rope_attention_factor(explicit_factor),
                std::sqrt(1 + std::log(16.0) / std::log(4096.0)));
  explicit_factor.attention_factor = 1.25;
  expect_factor("longrope attention_factor", posenc::rope_attention_factor(explicit_factor), 1.25);
}

TEST(Scaling, DynamicNtkBeforeAndAfterItsLength) {
  const auto s = dynamic_ntk();
  const auto plain = ref_default(128, 10000.0);
  for (double seq : {0.0, 1.0, 2048.0, 4096.0}) {  // within the length: plain RoPE
    expect_close("dynamic seq_len " + std::to_string(int(seq)),
                 posenc::rope_frequencies(128, 10000.0, s, std::int64_t(seq)), ref_dynamic(128, 10000.0, 2, 4096, seq));
    EXPECT_LE(max_relative(posenc::rope_frequencies(128, 10000.0, s, std::int64_t(seq)), plain), 1e-15);
  }
  for (double seq : {4097.0, 8192.0, 16384.0, 131072.0}) {
    expect_close("dynamic seq_len " + std::to_string(int(seq)),
                 posenc::rope_frequencies(128, 10000.0, s, std::int64_t(seq)), ref_dynamic(128, 10000.0, 2, 4096, seq));
  }
  EXPECT_LT(posenc::rope_frequencies(128, 10000.0, s, 16384)[63], plain[63]);
  expect_factor("dynamic", posenc::rope_attention_factor(s, 16384), 1.0);
}

TEST(Scaling, LinearNtkAndDefault) {
  rope_scaling s;
  expect_close("default", posenc::rope_frequencies(64, 10000.0, s), ref_default(64, 10000.0));
  s.type = rope_type::linear;
  s.factor = 4;
  expect_close("linear factor 4", posenc::rope_frequencies(64, 10000.0, s), ref_linear(64, 10000.0, 4));
  s.type = rope_type::ntk;
  expect_close("ntk factor 4", posenc::rope_frequencies(64, 10000.0, s), ref_ntk(64, 10000.0, 4));
  expect_close("ntk factor 4 dim 4", posenc::rope_frequencies(4, 10000.0, s), ref_ntk(4, 10000.0, 4));
  expect_factor("ntk", posenc::rope_attention_factor(s), 1.0);
}

TEST(Scaling, ParseRopeType) {
  for (const char* name : {"default", "linear", "ntk", "dynamic", "yarn", "longrope", "llama3"}) {
    EXPECT_STREQ(posenc::to_string(posenc::parse_rope_type(name)), name);
  }
  EXPECT_TRUE(throws_invalid([] { posenc::parse_rope_type("su"); }, "rope_type", "'su'"));
  EXPECT_TRUE(throws_invalid([] { posenc::parse_rope_type("YARN"); }, "rope_type", "'YARN'"));
}

TEST(Scaling, RopeTypesTable) {
  // the core parses its entries and no other
  for (const posenc::rope_type_info& t : posenc::rope_types) {
    if (t.accepted_by(posenc::rope_surface::core)) {
      EXPECT_EQ(posenc::parse_rope_type(t.name), t.type) << t.name;
    } else {
      EXPECT_TRUE(throws_invalid([&] { posenc::parse_rope_type(t.name); }, "rope_type", t.name)) << t.name;
    }
  }
  EXPECT_EQ(posenc::rope_type_names(posenc::rope_surface::core),
            "'default', 'linear', 'ntk', 'dynamic', 'yarn', 'longrope' or 'llama3'");
  EXPECT_EQ(posenc::rope_type_names(posenc::rope_surface::config_class), "'ntk' or 'axial'");
  // standardize_rope_params' list of the types given an original_max_position_embeddings
  for (const posenc::rope_type_info& t : posenc::rope_types) {
    const std::string name = t.name;
    EXPECT_EQ(t.needs_original_length(), name == "llama3" || name == "yarn" || name == "longrope") << name;
  }
  EXPECT_EQ(posenc::find_rope_type("Yarn"), nullptr);
}

TEST(Scaling, EveryFieldIsValidated) {
  auto freq = [](const rope_scaling& s, std::size_t dim = 8, std::int64_t seq = 0) {
    return [=] { posenc::rope_frequencies(dim, 10000.0, s, seq); };
  };
  rope_scaling linear;
  linear.type = rope_type::linear;
  EXPECT_TRUE(throws_invalid(freq(linear), "scaling.factor", "undefined"));  // required
  for (double bad : {0.0, -2.0, double(NAN), double(INFINITY)}) {
    linear.factor = bad;
    EXPECT_TRUE(throws_invalid(freq(linear), "scaling.factor", "")) << bad;
  }
  auto llama = llama31();
  llama.high_freq_factor = 1;  // not above low_freq_factor
  EXPECT_TRUE(throws_invalid(freq(llama), "scaling.high_freq_factor", "1"));
  llama = llama31();
  llama.original_max_position_embeddings.reset();
  EXPECT_TRUE(throws_invalid(freq(llama), "scaling.original_max_position_embeddings", "undefined"));
  llama.original_max_position_embeddings = 8192.5;  // a length is an integer
  EXPECT_TRUE(throws_invalid(freq(llama), "scaling.original_max_position_embeddings", "8192.5"));
  auto yarn = qwen_yarn();
  yarn.beta_fast = -1;
  EXPECT_TRUE(throws_invalid(freq(yarn), "scaling.beta_fast", "-1"));
  yarn = qwen_yarn();
  yarn.mscale = NAN;
  EXPECT_TRUE(throws_invalid(freq(yarn), "scaling.mscale", "NaN"));
  yarn = qwen_yarn();
  yarn.original_max_position_embeddings.reset();
  EXPECT_TRUE(throws_invalid(freq(yarn), "scaling.original_max_position_embeddings", "undefined"));
  auto phi = phi3_longrope();
  EXPECT_TRUE(throws_invalid(freq(phi, 8), "scaling.short_factor.length", "48"));  // dim 8: 4 entries
  phi.long_factor[3] = -1;
  EXPECT_TRUE(throws_invalid(freq(phi, 96), "scaling.long_factor[3]", "-1"));
  phi.long_factor.clear();
  EXPECT_TRUE(throws_invalid(freq(phi, 96), "scaling.long_factor", "undefined"));
  auto dyn = dynamic_ntk();
  EXPECT_TRUE(throws_invalid(freq(dyn, 2), "dim", "2"));  // d / (d - 2)
  EXPECT_TRUE(throws_invalid(freq(dyn, 8, -1), "seqLen", "-1"));
  dyn.max_position_embeddings.reset();
  EXPECT_TRUE(throws_invalid(freq(dyn), "scaling.max_position_embeddings", "undefined"));
  // The plain checks still come first.
  EXPECT_TRUE(throws_invalid(freq(qwen_yarn(), 7), "dim", "7"));
  EXPECT_TRUE(throws_invalid([] { posenc::rope_frequencies(8, 0.5, qwen_yarn()); }, "base", "0.5"));
}

// ------------------------------------------------------------ rope_apply with scaling

// y = factor * R(pos theta) x for one head vector (interleaved or half pairs over `rotary`).
std::vector<double> ref_rope(const std::vector<float>& x, std::size_t heads, std::size_t dim, std::size_t rotary,
                             const std::vector<std::int64_t>& positions, const std::vector<double>& theta,
                             double factor, bool half) {
  std::vector<double> y(x.begin(), x.end());
  const std::size_t h = rotary / 2;
  for (std::size_t s = 0; s < positions.size(); ++s)
    for (std::size_t hd = 0; hd < heads; ++hd) {
      const std::size_t at = (s * heads + hd) * dim;
      for (std::size_t i = 0; i < h; ++i) {
        const std::size_t a = at + (half ? i : 2 * i), b = at + (half ? i + h : 2 * i + 1);
        const double c = factor * std::cos(double(positions[s]) * theta[i]);
        const double sn = factor * std::sin(double(positions[s]) * theta[i]);
        y[a] = double(x[a]) * c - double(x[b]) * sn;
        y[b] = double(x[b]) * c + double(x[a]) * sn;
      }
    }
  return y;
}

class ScaledRope : public posenc_test::BackendTest {};

TEST_P(ScaledRope, MatchesTheReferenceWithAttentionFactor) {
  std::mt19937 rng(7);
  struct Case {
    const char* name;
    rope_scaling scaling;
    std::size_t dim, rotary;
    double base;
    std::int64_t offset, seq_len;
    bool half;
    double factor;              // expected attention factor
    std::vector<double> theta;  // expected theta over rotary (for seq_len = the one in force)
  };
  const double yarn_factor = 0.1 * std::log(4.0) + 1.0;
  const double phi_factor = std::sqrt(1 + std::log(32.0) / std::log(4096.0));
  std::vector<Case> cases = {
      {"llama3", llama31(), 128, 0, 500000.0, 100000, 0, true, 1.0, ref_llama3(128, 500000.0, 8, 1, 4, 8192)},
      {"yarn", qwen_yarn(), 128, 0, 1e6, 120000, 0, true, yarn_factor, ref_yarn(128, 1e6, 4, 32768, 32, 1, true)},
      {"yarn interleaved rotary 64", qwen_yarn(), 128, 64, 1e6, 5, 0, false, yarn_factor,
       ref_yarn(64, 1e6, 4, 32768, 32, 1, true)},
      // seq_len defaults to the largest position + 1: offset 4000 + 4 rows stays short...
      {"longrope short", phi3_longrope(), 96, 0, 10000.0, 4000, 0, true, phi_factor,
       ref_longrope(96, 10000.0, phi_factors(false), phi_factors(true), 4096, 4004)},
      // ... 4093 + 4 rows reaches 4097: long.
      {"longrope long", phi3_longrope(), 96, 0, 10000.0, 4093, 0, true, phi_factor,
       ref_longrope(96, 10000.0, phi_factors(false), phi_factors(true), 4096, 4097)},
      {"longrope explicit seq_len", phi3_longrope(), 96, 0, 10000.0, 0, 100000, false, phi_factor,
       ref_longrope(96, 10000.0, phi_factors(false), phi_factors(true), 4096, 100000)},
      {"dynamic after", dynamic_ntk(), 64, 0, 10000.0, 9000, 0, true, 1.0, ref_dynamic(64, 10000.0, 2, 4096, 9004)},
      {"dynamic before", dynamic_ntk(), 64, 0, 10000.0, 10, 0, true, 1.0, ref_dynamic(64, 10000.0, 2, 4096, 14)},
  };
  for (const auto& c : cases) {
    posenc::rope_options o;
    o.dim = c.dim;
    o.heads = 2;
    o.base = c.base;
    o.pairs = c.half ? posenc::layout::half : posenc::layout::interleaved;
    o.rotary_dim = c.rotary;
    o.scaling = c.scaling;
    o.seq_len = c.seq_len;
    const std::size_t seq = 4, rotary = c.rotary ? c.rotary : c.dim;
    auto x = posenc_test::random_floats(rng, seq * o.heads * c.dim);
    const auto positions = ref::iota_positions(seq, c.offset);
    const auto want = ref_rope(x, o.heads, c.dim, rotary, positions, c.theta, c.factor, c.half);
    auto y = x;
    posenc::rope_apply(y.data(), y.size(), o, c.offset);
    EXPECT_LE(posenc_test::max_abs_error(y, want), 4e-6) << c.name;
    auto z = x;  // explicit positions: the same rows
    posenc::rope_apply(z.data(), z.size(), o, positions.data(), positions.size());
    EXPECT_LE(posenc_test::max_abs_error(z, want), 4e-6) << c.name << " (explicit positions)";
    if (c.rotary) {
      for (std::size_t f = c.rotary; f < c.dim; ++f) EXPECT_EQ(y[f], x[f]) << "pass-through feature " << f;
    }
  }
}

TEST_P(ScaledRope, CacheAgreesWithApply) {
  posenc::rope_options o;
  o.dim = 32;
  o.scaling = qwen_yarn();
  const posenc::rope_cache cache(o, 50000, 8);
  std::mt19937 rng(3);
  auto x = posenc_test::random_floats(rng, 8 * 32);
  auto a = x, b = x;
  o.seq_len = 50008;  // what the cache takes by default
  posenc::rope_apply(a.data(), a.size(), o, 50000);
  cache.apply(b.data(), b.size(), 50000);
  EXPECT_EQ(a, b);
}

TEST_P(ScaledRope, DefaultScalingIsPlainRope) {
  posenc::rope_options plain, scaled;
  plain.dim = scaled.dim = 16;
  scaled.scaling = rope_scaling{};
  std::mt19937 rng(5);
  auto x = posenc_test::random_floats(rng, 6 * 16);
  auto a = x, b = x;
  posenc::rope_apply(a.data(), a.size(), plain, 123);
  posenc::rope_apply(b.data(), b.size(), scaled, 123);
  EXPECT_EQ(a, b);
}

// A caller that read the fields elsewhere (the model reader: a config.json) passes where, and the
// messages name that place; a field it does not list keeps "scaling.<field>".
TEST(ScalingChecks, NameEachFieldAsTheCallerReadIt) {
  rope_scaling s;
  s.type = rope_type::llama3;
  s.factor = 8;
  s.low_freq_factor = 4;
  s.high_freq_factor = 1;
  s.original_max_position_embeddings = 8192;
  const posenc::scaling_field_names names = {{"high_freq_factor", "config.rope_scaling.high_freq_factor"},
                                             {"low_freq_factor", "config.rope_scaling.low_freq_factor"}};
  EXPECT_TRUE(throws_invalid([&] { posenc::check_scaling(s, 0, 0, names); }, "config.rope_scaling.high_freq_factor",
                             "> config.rope_scaling.low_freq_factor = 4"));
  EXPECT_TRUE(
      throws_invalid([&] { posenc::check_scaling(s); }, "scaling.high_freq_factor", "> scaling.low_freq_factor"));
  s.high_freq_factor = 8;
  s.factor = -1;
  EXPECT_TRUE(throws_invalid([&] { posenc::check_scaling(s, 0, 0, names); }, "scaling.factor", "-1"));
}

// modeling_rope_utils.py's get_mscale: 0.1 * mscale * ln(scale) + 1, and 1 for scale <= 1.
TEST(ScalingChecks, GetMscaleIsYarnsFormula) {
  EXPECT_DOUBLE_EQ(posenc::get_mscale(40, 0.707), 0.1 * 0.707 * std::log(40.0) + 1.0);
  EXPECT_DOUBLE_EQ(posenc::get_mscale(4), 0.1 * std::log(4.0) + 1.0);
  EXPECT_EQ(posenc::get_mscale(1, 3), 1.0);
  EXPECT_EQ(posenc::get_mscale(0.5), 1.0);
}

POSENC_INSTANTIATE_BACKENDS(ScaledRope);

}  // namespace
