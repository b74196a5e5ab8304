// Every bad input: posenc::invalid_argument naming the parameter and the bad value,
// thrown before anything is allocated or written (outputs keep their sentinel).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using posenc::layout;
using posenc_test::throws_invalid;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::int64_t kLimit = std::int64_t{1} << 24;
constexpr float kSentinel = 1234.5f;

posenc::rope_options rope_opts(std::size_t dim, std::size_t heads = 1) {
  posenc::rope_options o;
  o.dim = dim;
  o.heads = heads;
  return o;
}

bool all_sentinel(const std::vector<float>& x) {
  for (float v : x)
    if (std::memcmp(&v, &kSentinel, sizeof v) != 0) return false;
  return true;
}

// ------------------------------------------------------------------ error.hpp helpers

TEST(FormatNumber, PrintsLikeJavaScript) {
  EXPECT_EQ(posenc::format_number(2), "2");
  EXPECT_EQ(posenc::format_number(2.5), "2.5");
  EXPECT_EQ(posenc::format_number(kNaN), "NaN");
  EXPECT_EQ(posenc::format_number(kInf), "Infinity");
  EXPECT_EQ(posenc::format_number(-kInf), "-Infinity");
  EXPECT_EQ(posenc::format_number(-3), "-3");
  EXPECT_EQ(posenc::format_number(0), "0");
  EXPECT_EQ(posenc::format_number(10), "10");
  EXPECT_EQ(posenc::format_number(50), "50");
  EXPECT_EQ(posenc::format_number(1000000), "1000000");
  EXPECT_EQ(posenc::format_number(65538), "65538");
  EXPECT_EQ(posenc::format_number(16777216), "16777216");
  EXPECT_EQ(posenc::format_number(0.1), "0.1");  // shortest round trip, not 0.10000000000000001
  EXPECT_EQ(posenc::format_number(-0.5), "-0.5");
}

TEST(FormatNumber, JavaScriptCornerCases) {
  EXPECT_EQ(posenc::format_number(-0.0), "0");      // String(-0) === "0"
  EXPECT_EQ(posenc::format_number(1e21), "1e+21");  // exponent form from 1e21 up
  EXPECT_EQ(posenc::format_number(1e20), "100000000000000000000");
  EXPECT_EQ(posenc::format_number(1.5e-7), "1.5e-7");  // and below 1e-6
  EXPECT_EQ(posenc::format_number(0.000001), "0.000001");
  EXPECT_EQ(posenc::format_number(9007199254740993.0), "9007199254740992");
}

TEST(CheckedInteger, AcceptsIntegersInRange) {
  EXPECT_EQ(posenc::checked_integer("dim", 1, 1, 10), 1);
  EXPECT_EQ(posenc::checked_integer("dim", 10, 1, 10), 10);
  EXPECT_EQ(posenc::checked_integer("offset", 16777215, 0, kLimit - 1), 16777215);
  EXPECT_EQ(posenc::checked_integer("min", -8, -kLimit, kLimit), -8);
}

TEST(CheckedInteger, RefusesFractionsNonFiniteAndOutOfRange) {
  EXPECT_TRUE(throws_invalid([] { posenc::checked_integer("dim", 2.5, 1, 10); }, "dim", "2.5"));
  EXPECT_TRUE(throws_invalid([] { posenc::checked_integer("dim", kNaN, 1, 10); }, "dim", "NaN"));
  EXPECT_TRUE(throws_invalid([] { posenc::checked_integer("dim", kInf, 1, 10); }, "dim", "Infinity"));
  EXPECT_TRUE(throws_invalid([] { posenc::checked_integer("dim", -kInf, 1, 10); }, "dim", "-Infinity"));
  EXPECT_TRUE(throws_invalid([] { posenc::checked_integer("dim", 0, 1, 10); }, "dim", "0"));
  EXPECT_TRUE(throws_invalid([] { posenc::checked_integer("dim", 11, 1, 10); }, "dim", "11"));
  // Far outside int64: must be refused before any conversion (UB under UBSan otherwise).
  EXPECT_TRUE(throws_invalid([] { posenc::checked_integer("maxLen", 1e300, 1, 10); }, "maxLen", ""));
  EXPECT_TRUE(throws_invalid([] { posenc::checked_integer("maxLen", -1e300, 1, 10); }, "maxLen", ""));
  EXPECT_TRUE(throws_invalid([] { posenc::checked_integer("positions[3]", -1, 0, 5); }, "positions[3]", "-1"));
}

TEST(CheckedElements, MultipliesWithoutOverflow) {
  EXPECT_EQ(posenc::checked_elements("table", 1 << 13, 1 << 13), std::size_t{1} << 26);
  EXPECT_EQ(posenc::checked_elements("table", 3, 5, 7), 105u);
  EXPECT_EQ(posenc::checked_elements("table", 0, std::numeric_limits<std::size_t>::max()), 0u);
  EXPECT_TRUE(throws_invalid([] { posenc::checked_elements("table", (1 << 13) + 1, 1 << 13); }, "table", "67117056"));
  const std::size_t big = std::size_t{1} << 32;
  // 2^32 * 2^32 wraps to 0 in 64 bits: must still be refused.
  EXPECT_TRUE(throws_invalid([&] { posenc::checked_elements("table", big, big); }, "table", ""));
  EXPECT_TRUE(
      throws_invalid([&] { posenc::checked_elements("table", 1 << 20, 1 << 20, std::size_t{1} << 44); }, "table", ""));
  EXPECT_TRUE(throws_invalid([] { posenc::checked_elements("table", std::numeric_limits<std::size_t>::max(), 2); },
                             "table", ""));
}

TEST(Fail, MessageNamesParameterAndValue) {
  try {
    posenc::fail("maxLen", "an integer in 1..16777216", 0.5);
    FAIL() << "fail() returned";
  } catch (const posenc::invalid_argument& e) {
    EXPECT_EQ(e.parameter(), "maxLen");
    EXPECT_EQ(std::string(e.what()), "maxLen must be an integer in 1..16777216, got 0.5");
  }
  EXPECT_TRUE(throws_invalid([] { posenc::fail("layout", "'interleaved' or 'half'", std::string("diagonal")); },
                             "layout", "diagonal"));
}

// ------------------------------------------------------------------ option strings, backend

TEST(Errors, UnknownLayoutAndEncodingStrings) {
  EXPECT_TRUE(throws_invalid([] { posenc::parse_layout("diagonal"); }, "layout", "diagonal"));
  EXPECT_TRUE(throws_invalid([] { posenc::parse_layout(""); }, "layout", ""));
  EXPECT_TRUE(throws_invalid([] { posenc::parse_layout("Half"); }, "layout", "Half"));
  EXPECT_TRUE(throws_invalid([] { posenc::parse_encoding("alibi"); }, "encoding", "alibi"));
  EXPECT_TRUE(throws_invalid([] { posenc::parse_encoding("ROPE"); }, "encoding", "ROPE"));
}

TEST(Errors, UseBackendSimdOnlyWhenBuilt) {
  const posenc::backend saved = posenc::active_backend();
  if (posenc::simd_available()) {
    EXPECT_NO_THROW(posenc::use_backend(posenc::backend::simd));
    EXPECT_EQ(posenc::active_backend(), posenc::backend::simd);
    EXPECT_STRNE(posenc::simd_arch_name(), "scalar");
  } else {
    EXPECT_TRUE(throws_invalid([] { posenc::use_backend(posenc::backend::simd); }, {}, ""));
    EXPECT_EQ(posenc::active_backend(), posenc::backend::scalar);
  }
  posenc::use_backend(saved);
}

// ------------------------------------------------------------------ sinusoidal

TEST(Errors, SinusoidalDim) {
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal(4, 7); }, "dim", "7"));
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal(4, 0); }, "dim", "0"));
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal(4, 65538); }, "dim", "65538"));
  const std::int64_t p[] = {0, 1};
  EXPECT_TRUE(throws_invalid([&] { posenc::sinusoidal_at(p, 2, 3); }, "dim", "3"));
}

TEST(Errors, SinusoidalBase) {
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal(4, 8, kNaN); }, "base", "NaN"));
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal(4, 8, kInf); }, "base", "Infinity"));
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal(4, 8, 1.0); }, "base", "1"));
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal(4, 8, 0.5); }, "base", "0.5"));
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal(4, 8, -3.0); }, "base", "-3"));
}

TEST(Errors, SinusoidalPositions) {
  const std::int64_t negative_last[] = {0, 5, 9, -2};
  EXPECT_TRUE(throws_invalid([&] { posenc::sinusoidal_at(negative_last, 4, 8); }, "positions[3]", "-2"));
  const std::int64_t too_far[] = {kLimit - 1, kLimit};
  EXPECT_TRUE(throws_invalid([&] { posenc::sinusoidal_at(too_far, 2, 8); }, "positions[1]", "16777216"));
  // count = 2^24 + 1 would need position 2^24.
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal(std::size_t(kLimit) + 1, 2); }, {}, ""));
}

TEST(Errors, SinusoidalTooLargeIsRefusedBeforeAllocating) {
  // 2^24 x 65536 = 2^40 floats: must throw invalid_argument, not bad_alloc or OOM.
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal(std::size_t{1} << 24, 65536); }, {}, ""));
  EXPECT_TRUE(throws_invalid([] { posenc::sinusoidal((std::size_t{1} << 20) + 1, 64); }, {}, "67108928"));
}

// ------------------------------------------------------------------ rope

TEST(Errors, RopeDim) {
  std::vector<float> x(16, kSentinel);
  for (std::size_t dim : {0u, 3u, 65538u}) {
    EXPECT_TRUE(
        throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), rope_opts(dim)); }, "dim", std::to_string(dim)));
    EXPECT_TRUE(throws_invalid([&] { posenc::rope_frequencies(dim); }, "dim", std::to_string(dim)));
  }
  EXPECT_TRUE(throws_invalid([] { posenc::rope_matrix(0, 5); }, "dim", "5"));
  float v[5] = {};
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_complex_form(v, 5, 0); }, "dim", "5"));
  EXPECT_TRUE(throws_invalid([] { posenc::rope_decay_bound(7, 10000.0, 3); }, "dim", "7"));
  EXPECT_TRUE(all_sentinel(x));
}

TEST(Errors, RopeBase) {
  std::vector<float> x(8, kSentinel);
  for (double base : {kNaN, kInf, -kInf, 1.0, 0.5, -3.0, 0.0}) {
    posenc::rope_options o = rope_opts(8);
    o.base = base;
    const std::string shown = std::isnan(base) ? "NaN" : std::isinf(base) ? (base > 0 ? "Infinity" : "-Infinity") : "";
    EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o); }, "base", shown)) << base;
    EXPECT_TRUE(throws_invalid([&] { posenc::rope_frequencies(8, base); }, "base", shown)) << base;
    EXPECT_TRUE(throws_invalid([&] { posenc::rope_matrix(1, 8, base); }, "base", shown)) << base;
  }
  posenc::rope_options o = rope_opts(8);
  o.base = 0.5;
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o); }, "base", "0.5"));
  o.base = -3;
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o); }, "base", "-3"));
  EXPECT_TRUE(all_sentinel(x));
}

TEST(Errors, RopeLengthNotAMultipleOfHeadsTimesDim) {
  std::vector<float> x(10, kSentinel);
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), 10, rope_opts(4)); }, {}, "10"));
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), 8, rope_opts(4, 3)); }, {}, "8"));
  EXPECT_TRUE(all_sentinel(x));
}

TEST(Errors, RopeHeads) {
  std::vector<float> x(8, kSentinel);
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), 8, rope_opts(4, 0)); }, "heads", "0"));
  // heads * dim = 2^62 * 4 wraps to 0 in size_t: refused, never a division by zero.
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), 8, rope_opts(4, std::size_t{1} << 62)); }, {}, ""));
  EXPECT_TRUE(all_sentinel(x));
}

TEST(Errors, RopeRotaryDim) {
  std::vector<float> x(16, kSentinel);
  posenc::rope_options o = rope_opts(8);
  o.rotary_dim = 3;
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o); }, "rotaryDim", "3"));
  o.rotary_dim = 10;
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o); }, "rotaryDim", "10"));
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_cache(o, 0, 4); }, "rotaryDim", "10"));
  EXPECT_TRUE(all_sentinel(x));
}

TEST(Errors, RopeNegativeLastPositionWritesNothing) {
  // seq = 4 rows of dim 4; only the last position is bad: nothing may be half-written.
  std::vector<float> x(16, kSentinel);
  const std::int64_t pos[] = {0, 1, 2, -1};
  EXPECT_TRUE(
      throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), rope_opts(4), pos, 4); }, "positions[3]", "-1"));
  EXPECT_TRUE(all_sentinel(x));
  const std::int64_t far[] = {5, 6, 7, kLimit};
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), rope_opts(4), far, 4); }, "positions[3]",
                             "16777216"));
  EXPECT_TRUE(all_sentinel(x));
}

TEST(Errors, TheFirstBadPositionIsNamed) {
  std::vector<float> x(8, kSentinel);  // seq = 4 rows of dim 2
  const std::int64_t pos[] = {3, -1, kLimit, -2};
  EXPECT_TRUE(
      throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), rope_opts(2), pos, 4); }, "positions[1]", "-1"));
  EXPECT_TRUE(throws_invalid([&] { posenc::sinusoidal_at(pos, 4, 4); }, "positions[1]", "-1"));
  posenc::learned_table t(8, 2);
  const std::int64_t rows[] = {0, 7, 8, -1};
  EXPECT_TRUE(throws_invalid([&] { t.encode(rows, 4); }, "positions[2]", "8"));
  EXPECT_TRUE(all_sentinel(x));
}

TEST(Errors, RopePositionsCountMustEqualSeq) {
  std::vector<float> x(16, kSentinel);
  const std::int64_t pos[] = {0, 1, 2, 3, 4};
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), rope_opts(4), pos, 3); }, {}, "3"));
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), rope_opts(4), pos, 5); }, {}, "5"));
  EXPECT_TRUE(all_sentinel(x));
}

TEST(Errors, RopeOffset) {
  std::vector<float> x(16, kSentinel);  // seq = 4 at dim 4
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), rope_opts(4), -1); }, "offset", "-1"));
  // offset + seq - 1 = 2^24: one past the last position.
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), rope_opts(4), kLimit - 3); }, "offset", ""));
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), rope_opts(4), kLimit); }, "offset", ""));
  // Near int64 max: offset + seq must not overflow into an accepted value.
  EXPECT_TRUE(throws_invalid(
      [&] { posenc::rope_apply(x.data(), x.size(), rope_opts(4), std::numeric_limits<std::int64_t>::max() - 1); },
      "offset", ""));
  EXPECT_TRUE(all_sentinel(x));
  EXPECT_NO_THROW(posenc::rope_apply(x.data(), x.size(), rope_opts(4), kLimit - 4));
}

TEST(Errors, RopeCacheRangeAndApply) {
  EXPECT_TRUE(throws_invalid([] { posenc::rope_cache(rope_opts(8), -1, 4); }, {}, "-1"));
  EXPECT_TRUE(throws_invalid([] { posenc::rope_cache(rope_opts(8), kLimit - 2, 3); }, {}, ""));
  EXPECT_TRUE(
      throws_invalid([] { posenc::rope_cache(rope_opts(8), 0, std::numeric_limits<std::size_t>::max()); }, {}, ""));
  EXPECT_TRUE(throws_invalid([] { posenc::rope_cache(rope_opts(7), 0, 4); }, "dim", "7"));
  posenc::rope_cache cache(rope_opts(4), 10, 5);                                      // positions 10..14
  std::vector<float> x(12, kSentinel);                                                // seq = 3
  EXPECT_TRUE(throws_invalid([&] { cache.apply(x.data(), x.size(), 13); }, {}, ""));  // needs 13..15
  EXPECT_TRUE(throws_invalid([&] { cache.apply(x.data(), x.size(), 9); }, {}, ""));   // needs 9..11
  EXPECT_TRUE(throws_invalid([&] { cache.apply(x.data(), 10, 11); }, {}, "10"));      // not a multiple of 4
  // offset + seq must not overflow int64 on its way to the range check.
  EXPECT_TRUE(throws_invalid([&] { cache.apply(x.data(), x.size(), std::numeric_limits<std::int64_t>::max() - 1); },
                             "offset", ""));
  EXPECT_TRUE(
      throws_invalid([&] { cache.apply(x.data(), x.size(), std::numeric_limits<std::int64_t>::min()); }, "offset", ""));
  EXPECT_TRUE(all_sentinel(x));
  EXPECT_NO_THROW(cache.apply(x.data(), x.size(), 12));
}

TEST(Errors, RopeMatrixPositionAndSize) {
  EXPECT_TRUE(throws_invalid([] { posenc::rope_matrix(-1, 4); }, "position", "-1"));
  EXPECT_TRUE(throws_invalid([] { posenc::rope_matrix(kLimit, 4); }, "position", "16777216"));
  // 65536^2 = 2^32 elements: refused before allocating.
  EXPECT_TRUE(throws_invalid([] { posenc::rope_matrix(0, 65536); }, {}, ""));
  float v[4] = {};
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_complex_form(v, 4, -5); }, "position", "-5"));
}

TEST(Errors, RopeDistanceCurves) {
  float q[8] = {1}, k[8] = {1};
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_score_by_distance(q, k, 8, 10000.0, -1); }, "maxDistance", "-1"));
  EXPECT_TRUE(throws_invalid([] { posenc::rope_decay_bound(8, 10000.0, -1); }, "maxDistance", "-1"));
  EXPECT_TRUE(throws_invalid([] { posenc::rope_decay_bound(2, 10000.0, kLimit); }, "maxDistance", "16777216"));
  // (maxDistance + 1) * dim / 2 > 2^26 counts as an oversize intermediate.
  EXPECT_TRUE(throws_invalid([] { posenc::rope_decay_bound(1024, 10000.0, 131072); }, {}, "67109376"));
  std::vector<float> big(1024, 0.5f);
  EXPECT_TRUE(
      throws_invalid([&] { posenc::rope_score_by_distance(big.data(), big.data(), 1024, 10000.0, 131072); }, {}, ""));
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_score_by_distance(q, k, 8, 1.0, 3); }, "base", "1"));
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_score_by_distance(q, k, 9, 10000.0, 3); }, "dim", "9"));
}

class ErrorsPerBackend : public posenc_test::BackendTest {};

TEST_P(ErrorsPerBackend, RopeErrorsWriteNothing) {
  // The same guarantees on each backend: validation precedes every kernel.
  std::vector<float> x(24, kSentinel);
  posenc::rope_options o = rope_opts(6);
  o.pairs = layout::half;
  const std::int64_t pos[] = {1, 2, 3, -7};
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, pos, 4); }, "positions[3]", "-7"));
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, kLimit - 2); }, "offset", ""));
  o.rotary_dim = 5;
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, 0); }, "rotaryDim", "5"));
  EXPECT_TRUE(all_sentinel(x));
}

POSENC_INSTANTIATE_BACKENDS(ErrorsPerBackend);

// ------------------------------------------------------------------ learned

TEST(Errors, LearnedTable) {
  EXPECT_TRUE(throws_invalid([] { posenc::learned_table(0, 8); }, "maxLen", "0"));
  EXPECT_TRUE(throws_invalid([] { posenc::learned_table(std::size_t(kLimit) + 1, 1); }, "maxLen", "16777217"));
  EXPECT_TRUE(throws_invalid([] { posenc::learned_table(8, 0); }, "dim", "0"));
  EXPECT_TRUE(throws_invalid([] { posenc::learned_table(8, 65537); }, "dim", "65537"));
  EXPECT_TRUE(throws_invalid([] { posenc::learned_table(8, 8, 0, -0.01); }, "std", "-0.01"));
  EXPECT_TRUE(throws_invalid([] { posenc::learned_table(8, 8, 0, kNaN); }, "std", "NaN"));
  EXPECT_TRUE(throws_invalid([] { posenc::learned_table(8, 8, 0, kInf); }, "std", "Infinity"));
  // 2^20 x 128 = 2^27 elements; 2^24 x 65536 = 2^40: refused before allocating.
  EXPECT_TRUE(throws_invalid([] { posenc::learned_table(std::size_t{1} << 20, 128); }, {}, "134217728"));
  EXPECT_TRUE(throws_invalid([] { posenc::learned_table(std::size_t{1} << 24, 65536); }, {}, ""));
  EXPECT_TRUE(throws_invalid([] { posenc::gaussian_table(std::size_t{1} << 24, 65536, 0, 1.0); }, {}, ""));
  EXPECT_TRUE(throws_invalid([] { posenc::gaussian_table(4, 4, 0, -1.0); }, "std", "-1"));
}

// ------------------------------------------------------------------ relative

TEST(Errors, RelativeDistance) {
  EXPECT_TRUE(throws_invalid([] { posenc::relative_distance(4, 4, 3, 2); }, {"min", "max"}, ""));
  EXPECT_TRUE(
      throws_invalid([] { posenc::relative_distance(std::size_t(kLimit) + 1, 1, -8, 8); }, "queryLen", "16777217"));
  EXPECT_TRUE(
      throws_invalid([] { posenc::relative_distance(1, std::size_t(kLimit) + 1, -8, 8); }, "keyLen", "16777217"));
  // 8193 x 8193 > 2^26 entries.
  EXPECT_TRUE(throws_invalid([] { posenc::relative_distance(8193, 8193, -8, 8); }, {}, ""));
}

TEST(Errors, RelativeTable) {
  EXPECT_TRUE(throws_invalid([] { posenc::relative_table(5, -5, 8); }, {"min", "max"}, ""));
  EXPECT_TRUE(throws_invalid([] { posenc::relative_table(-8, 8, 0); }, "dim", "0"));
  EXPECT_TRUE(throws_invalid([] { posenc::relative_table(-8, 8, 65537); }, "dim", "65537"));
  EXPECT_TRUE(throws_invalid([] { posenc::relative_table(-8, 8, 4, 0, -2.0); }, "std", "-2"));
  EXPECT_TRUE(throws_invalid([] { posenc::relative_table(-8, 8, 4, 0, kNaN); }, "std", "NaN"));
  // (2^21 + 1) rows x 64 > 2^26: refused before allocating.
  EXPECT_TRUE(throws_invalid([] { posenc::relative_table(-(1 << 20), 1 << 20, 64); }, {}, ""));
  posenc::relative_table t(-2, 2, 4);
  std::vector<float> q(8, 1.0f), k(12, 1.0f);
  EXPECT_TRUE(throws_invalid([&] { t.scores(q.data(), 7, k.data(), k.size()); }, {}, "7"));
  EXPECT_TRUE(throws_invalid([&] { t.scores(q.data(), q.size(), k.data(), 11); }, {}, "11"));
}

// ------------------------------------------------------------------ attention

TEST(Errors, Attention) {
  std::vector<float> q(12, 1.0f), k(12, 1.0f);
  posenc::attention_options o;
  o.dim = 4;
  EXPECT_TRUE(throws_invalid([&] { posenc::attention_scores(q.data(), 10, k.data(), 12, o); }, {}, "10"));
  EXPECT_TRUE(throws_invalid([&] { posenc::attention_scores(q.data(), 12, k.data(), 6, o); }, {}, "6"));
  o.dim = 0;
  EXPECT_TRUE(throws_invalid([&] { posenc::attention_scores(q.data(), 12, k.data(), 12, o); }, "dim", "0"));
  o.dim = 3;
  o.kind = posenc::encoding::rope;
  EXPECT_TRUE(throws_invalid([&] { posenc::attention_scores(q.data(), 12, k.data(), 12, o); }, "dim", "3"));
  o.kind = posenc::encoding::sinusoidal;
  EXPECT_TRUE(throws_invalid([&] { posenc::attention_scores(q.data(), 12, k.data(), 12, o); }, "dim", "3"));
  o.dim = 4;
  o.base = kNaN;
  EXPECT_TRUE(throws_invalid([&] { posenc::attention_scores(q.data(), 12, k.data(), 12, o); }, "base", "NaN"));
  o.base = 10000.0;
  o.kind = posenc::encoding::learned;
  o.max_len = 0;
  EXPECT_TRUE(throws_invalid([&] { posenc::attention_scores(q.data(), 12, k.data(), 12, o); }, "maxLen", "0"));
  o.max_len = 2;  // n = 3 > maxLen
  EXPECT_TRUE(throws_invalid([&] { posenc::attention_scores(q.data(), 12, k.data(), 12, o); }, {}, "3"));
  o.kind = posenc::encoding::relative;
  o.min = 4;
  o.max = -4;
  EXPECT_TRUE(throws_invalid([&] { posenc::attention_scores(q.data(), 12, k.data(), 12, o); }, {"min", "max"}, ""));
}

TEST(Errors, AttentionResultTooLargeIsRefusedBeforeAllocating) {
  // 8193 x 8193 logits > 2^26.
  std::vector<float> q(8193, 0.5f);
  posenc::attention_options o;
  o.dim = 1;
  EXPECT_TRUE(throws_invalid([&] { posenc::attention_scores(q.data(), q.size(), q.data(), q.size(), o); }, {}, ""));
}

}  // namespace
