// The precision lab: bfloat16 / float16 rounding against an independent double-arithmetic
// rounding (and hand-picked edge cases: ties to even, overflow, subnormals), and the RoPE angle
// and cos/sin variants against their definitions, computed here independently.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "reference.hpp"
#include "test_support.hpp"

namespace {

using posenc::precision;

float f32(std::uint32_t bits) {
  float x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

// Round-to-nearest-even to a binary format with `mantissa` stored bits, smallest normal
// exponent `emin` and largest finite value `largest`, in double arithmetic (exact for float inputs).
double round_to_format(double x, int mantissa, int emin, double largest) {
  if (std::isnan(x) || std::isinf(x) || x == 0) return x;
  int e;
  std::frexp(std::fabs(x), &e);  // |x| in [2^(e-1), 2^e)
  const int exponent = std::max(e - 1, emin);
  const double quantum = std::ldexp(1.0, exponent - mantissa);
  const double r = std::nearbyint(x / quantum) * quantum;  // nearbyint: ties to even
  // Overflow: beyond largest + half a quantum of the top binade, or a tie there, goes to infinity.
  if (std::fabs(r) > largest) return std::copysign(INFINITY, x);
  return r;
}
double ref_bfloat16(float x) { return round_to_format(x, 7, -126, 3.3895313892515355e38); }
double ref_float16(float x) { return round_to_format(x, 10, -14, 65504.0); }

void same(double got, double want, const char* what, float x) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what << "(" << x << ")";
  } else {
    EXPECT_EQ(got, want) << what << "(" << x << ") " << std::hexfloat << x;
    EXPECT_EQ(std::signbit(got), std::signbit(want)) << what << "(" << x << ") sign";
  }
}

TEST(Rounding, Bfloat16EdgeCases) {
  const float one = 1.0f;
  same(posenc::round_bfloat16(one), 1.0, "bf16", one);
  same(posenc::round_bfloat16(1.0f + 0x1p-8f), 1.0, "bf16 tie to even (down)", 1.0f + 0x1p-8f);
  same(posenc::round_bfloat16(1.0f + 3 * 0x1p-8f), 1.0 + 0x1p-6, "bf16 tie to even (up)", 1.0f + 3 * 0x1p-8f);
  same(posenc::round_bfloat16(1.0f + 0x1p-8f + 0x1p-20f), 1.0 + 0x1p-7, "bf16 above the tie", 0);
  same(posenc::round_bfloat16(std::numeric_limits<float>::max()), INFINITY, "bf16 overflow", 0);
  same(posenc::round_bfloat16(-std::numeric_limits<float>::max()), -INFINITY, "bf16 overflow", 0);
  same(posenc::round_bfloat16(3.3895313892515355e38f), 3.3895313892515355e38, "bf16 max", 0);
  same(posenc::round_bfloat16(-0.0f), -0.0, "bf16 -0", 0);
  same(posenc::round_bfloat16(INFINITY), INFINITY, "bf16 inf", 0);
  same(posenc::round_bfloat16(NAN), NAN, "bf16 NaN", 0);
  same(posenc::round_bfloat16(f32(0x7F800001u)), NAN, "bf16 signalling NaN stays NaN", 0);
  same(posenc::round_bfloat16(0x1p-149f), 0.0, "bf16 smallest float subnormal", 0);
  same(posenc::round_bfloat16(0x1p-133f), 0x1p-133, "bf16 subnormal", 0);
  EXPECT_EQ(posenc::bfloat16_bits(1.0f), 0x3F80);
  EXPECT_EQ(posenc::from_bfloat16_bits(0xC000), -2.0f);
}

TEST(Rounding, Float16EdgeCases) {
  same(posenc::round_float16(65504.0f), 65504.0, "fp16 max", 0);
  same(posenc::round_float16(65519.99f), 65504.0, "fp16 below the overflow tie", 0);
  same(posenc::round_float16(65520.0f), INFINITY, "fp16 overflow tie -> inf", 0);
  same(posenc::round_float16(-70000.0f), -INFINITY, "fp16 overflow", 0);
  same(posenc::round_float16(1.0f + 0x1p-11f), 1.0, "fp16 tie to even (down)", 0);
  same(posenc::round_float16(1.0f + 3 * 0x1p-11f), 1.0 + 0x1p-9, "fp16 tie to even (up)", 0);
  same(posenc::round_float16(0x1p-14f), 0x1p-14, "fp16 smallest normal", 0);
  same(posenc::round_float16(0x1p-14f - 0x1p-26f), 0x1p-14, "fp16 rounds up into the normals", 0);
  same(posenc::round_float16(0x1p-24f), 0x1p-24, "fp16 smallest subnormal", 0);
  same(posenc::round_float16(0x1p-25f), 0.0, "fp16 half the smallest subnormal: tie to 0", 0);
  same(posenc::round_float16(0x1p-25f + 0x1p-40f), 0x1p-24, "fp16 above that tie", 0);
  same(posenc::round_float16(1.5f * 0x1p-24f), 0x1p-23, "fp16 subnormal tie (up to even)", 0);
  same(posenc::round_float16(2.5f * 0x1p-24f), 0x1p-23, "fp16 subnormal tie (down to even)", 0);
  same(posenc::round_float16(-1e-10f), -0.0, "fp16 underflow keeps the sign", 0);
  same(posenc::round_float16(NAN), NAN, "fp16 NaN", 0);
  same(posenc::round_float16(-INFINITY), -INFINITY, "fp16 -inf", 0);
  EXPECT_EQ(posenc::float16_bits(1.0f), 0x3C00);
  EXPECT_EQ(posenc::float16_bits(65504.0f), 0x7BFF);
  EXPECT_EQ(posenc::float16_bits(0x1p-24f), 0x0001);
  EXPECT_EQ(posenc::from_float16_bits(0x03FF), 1023 * 0x1p-24f);
}

TEST(Rounding, AgreesWithDoubleArithmeticEverywhere) {
  std::mt19937 rng(11);
  // Random bit patterns (every binade, subnormals, NaN, inf) and values near every fp16 binade.
  std::vector<float> xs;
  for (int i = 0; i < 400000; ++i) xs.push_back(f32(std::uint32_t(rng())));
  for (int e = -30; e <= 17; ++e)
    for (int k = 0; k < 2000; ++k)
      xs.push_back(std::ldexp(1.0f + float(k) / 2048.0f + float(rng() % 16) * 0x1p-20f, e));
  for (float x : xs) {
    same(posenc::round_bfloat16(x), ref_bfloat16(x), "bf16", x);
    same(posenc::round_float16(x), ref_float16(x), "fp16", x);
    if (::testing::Test::HasFailure()) return;
  }
  // the in-place array forms (behind the JS roundBfloat16 / roundFloat16), against the same reference
  std::vector<float> bf = xs, fp = xs;
  posenc::round_bfloat16_in_place(bf.data(), bf.size());
  posenc::round_float16_in_place(fp.data(), fp.size());
  for (std::size_t i = 0; i < xs.size(); ++i) {
    same(bf[i], ref_bfloat16(xs[i]), "bf16 in place", xs[i]);
    same(fp[i], ref_float16(xs[i]), "fp16 in place", xs[i]);
    if (::testing::Test::HasFailure()) return;
  }
}

// ------------------------------------------------------------ the RoPE variants

const std::vector<std::int64_t> kPositions = {0, 1, 7, 100, 4095, 65504, 65520, 100000, 1 << 20, (1 << 24) - 1};

class Precision : public posenc_test::BackendTest {};

TEST_P(Precision, VariantsFollowTheirDefinitions) {
  const std::size_t dim = 16, half = 8;
  const double base = 10000.0;
  const auto theta = ref::theta(dim, base);
  for (precision v : {precision::float64, precision::float32, precision::bfloat16, precision::float16,
                      precision::bfloat16_angle, precision::float16_angle}) {
    const auto got = posenc::rope_precision_table(v, kPositions.data(), kPositions.size(), dim, base);
    ASSERT_EQ(got.angle.size(), kPositions.size() * half);
    for (std::size_t r = 0; r < kPositions.size(); ++r)
      for (std::size_t i = 0; i < half; ++i) {
        const std::size_t at = r * half + i;
        const double p = double(kPositions[r]);
        double a, c, s;
        if (v == precision::float64) {
          a = p * theta[i];
          c = std::cos(a);
          s = std::sin(a);
        } else if (v == precision::bfloat16_angle || v == precision::float16_angle) {
          auto small = [&](double x) {
            return v == precision::bfloat16_angle ? ref_bfloat16(float(x)) : ref_float16(float(x));
          };
          a = small(small(p) * small(theta[i]));
          c = small(float(std::cos(a)));
          s = small(float(std::sin(a)));
        } else {
          a = double(float(p) * float(theta[i]));
          c = double(float(std::cos(a)));
          s = double(float(std::sin(a)));
          if (v == precision::bfloat16) c = ref_bfloat16(float(c)), s = ref_bfloat16(float(s));
          if (v == precision::float16) c = ref_float16(float(c)), s = ref_float16(float(s));
        }
        same(got.angle[at], a, posenc::to_string(v), float(p));
        same(got.cos[at], c, posenc::to_string(v), float(p));
        same(got.sin[at], s, posenc::to_string(v), float(p));
      }
  }
}

TEST_P(Precision, ErrorsPerPosition) {
  const std::size_t dim = 128;
  const double base = 10000.0;
  auto err = [&](precision v) {
    return posenc::rope_precision_error(v, kPositions.data(), kPositions.size(), dim, base);
  };
  const auto f64 = err(precision::float64), lib = err(precision::library), f32 = err(precision::float32);
  const auto bf = err(precision::bfloat16), fp = err(precision::float16), fpa = err(precision::float16_angle);
  std::printf("  %-10s %-12s %-12s %-12s %-12s %-12s\n", "position", "library cos", "float32 ang", "float32 cos",
              "bf16 cos", "fp16 cos");
  for (std::size_t r = 0; r < kPositions.size(); ++r) {
    std::printf("  %-10lld %-12.3e %-12.3e %-12.3e %-12.3e %-12.3e\n", (long long)kPositions[r], lib.cos[r],
                f32.angle[r], f32.cos[r], bf.cos[r], fp.cos[r]);
    EXPECT_EQ(f64.angle[r], 0.0);
    EXPECT_EQ(f64.cos[r], 0.0);
    EXPECT_LE(lib.angle[r], 4e-7) << kPositions[r];
    EXPECT_LE(lib.cos[r], 2e-6) << kPositions[r];
    EXPECT_LE(lib.sin[r], 2e-6) << kPositions[r];
    EXPECT_LE(bf.cos[r], std::max(0x1p-9 + 1e-7, f32.cos[r] + 0x1p-9)) << kPositions[r];
    EXPECT_LE(fp.cos[r], std::max(0x1p-12 + 1e-7, f32.cos[r] + 0x1p-12)) << kPositions[r];
  }
  EXPECT_LE(f32.angle[2], 1e-5) << "small positions: float32 is fine";
  EXPECT_GT(f32.angle.back(), 0.1) << "near 2^24 a float32 product is off by a large fraction of a radian";
  EXPECT_GT(f32.cos.back(), 0.05);
  EXPECT_GT(bf.cos[1], 1e-4) << "bfloat16 tables round cos to 8 bits";
  EXPECT_TRUE(std::isnan(fpa.angle[6])) << "float16 positions from 65520 up are infinite";
  EXPECT_FALSE(std::isnan(fpa.angle[5])) << "65504 is the largest float16";
}

TEST_P(Precision, Validation) {
  const std::int64_t p[] = {0, 1};
  const std::int64_t bad[] = {0, 1 << 24};
  EXPECT_TRUE(
      posenc_test::throws_invalid([&] { posenc::rope_precision_error(precision::float32, p, 2, 7); }, "dim", "7"));
  EXPECT_TRUE(posenc_test::throws_invalid([&] { posenc::rope_precision_error(precision::float32, p, 2, 8, 1.0); },
                                          "base", "1"));
  EXPECT_TRUE(posenc_test::throws_invalid([&] { posenc::rope_precision_table(precision::float32, bad, 2, 8); },
                                          "positions[1]", "16777216"));
  EXPECT_TRUE(posenc_test::throws_invalid([] { posenc::parse_precision("float8"); }, "variant", "'float8'"));
  for (const char* name : {"float64", "float32", "bfloat16", "float16", "bfloat16-angle", "float16-angle", "library"})
    EXPECT_STREQ(posenc::to_string(posenc::parse_precision(name)), name);
}

// With a scaling, every variant turns by the scaled theta_i: linear divides theta_i by the factor, and
// dynamic NTK (read at a sequence length past its original one) raises the base. Both written out here.
TEST_P(Precision, ScaledFrequencies) {
  const std::size_t dim = 16, half = 8;
  const double base = 10000.0, factor = 4.0, original = 2048.0, seq = 8192.0;
  posenc::rope_scaling linear;
  linear.type = posenc::rope_type::linear;
  linear.factor = factor;
  posenc::rope_scaling dynamic;
  dynamic.type = posenc::rope_type::dynamic;
  dynamic.factor = factor;
  dynamic.original_max_position_embeddings = original;
  const double dynamic_base = base * std::pow(factor * seq / original - (factor - 1.0), 16.0 / 14.0);
  for (const auto& [scaling, theta] :
       {std::pair{linear, ref::theta(dim, base)}, {dynamic, ref::theta(dim, dynamic_base)}}) {
    const auto got = posenc::rope_precision_table(precision::float64, kPositions.data(), kPositions.size(), dim, base,
                                                  scaling, std::int64_t(seq));
    const auto errors = posenc::rope_precision_error(precision::float32, kPositions.data(), kPositions.size(), dim,
                                                     base, scaling, std::int64_t(seq));
    for (std::size_t r = 0; r < kPositions.size(); ++r) {
      double worst = 0;  // the float32 variant's angle error against the same scaled angles
      for (std::size_t i = 0; i < half; ++i) {
        const double t = theta[i] / (scaling.type == posenc::rope_type::linear ? factor : 1);
        const double want = double(kPositions[r]) * t;
        EXPECT_NEAR(got.angle[r * half + i], want, 1e-12 * std::max(1.0, want)) << r << ", " << i;
        EXPECT_NEAR(got.cos[r * half + i], std::cos(want), 1e-9) << r << ", " << i;
        const double a32 = double(float(kPositions[r]) * float(t));
        worst = std::max(worst, std::fabs(std::remainder(a32 - want, 2 * M_PI)));
      }
      EXPECT_NEAR(errors.angle[r], worst, 1e-9 * std::max(1.0, worst)) << r;
    }
  }
  posenc::rope_scaling missing;
  missing.type = posenc::rope_type::linear;
  EXPECT_TRUE(posenc_test::throws_invalid(
      [&] { posenc::rope_precision_table(precision::float64, kPositions.data(), 2, dim, base, missing); },
      "scaling.factor", "undefined"));
}

POSENC_INSTANTIATE_BACKENDS(Precision);

}  // namespace
