// ALiBi slopes and bias, T5 relative buckets and DeBERTa log buckets against independent
// implementations written here from the published code (the ALiBi paper's get_slopes, Hugging
// Face T5Attention._relative_position_bucket and DeBERTa-v2 make_log_bucket_position) and
// against hand-derived tables. Nothing here calls posenc for an expected value.
#include <cmath>
#include <limits>
#include <vector>

#include "test_support.hpp"

namespace {

using posenc_test::throws_invalid;

// ------------------------------------------------------------ ALiBi

// The paper's code (ofirpress/attention_with_linear_biases), recursive form:
//   get_slopes(n) = pow2(n) if n is a power of two, else
//                   pow2(closest) + get_slopes(2 * closest)[0::2][:n - closest]
std::vector<double> slopes_power_of_2(int n, double max_bias) {
  const double start = std::pow(2.0, -std::pow(2.0, -(std::log2(double(n)) - std::log2(max_bias))));
  std::vector<double> out;
  for (int i = 0; i < n; ++i) out.push_back(start * std::pow(start, double(i)));
  return out;
}

std::vector<double> get_slopes(int n, double max_bias = 8) {
  if (std::log2(double(n)) == std::floor(std::log2(double(n)))) return slopes_power_of_2(n, max_bias);
  const int closest = 1 << int(std::floor(std::log2(double(n))));
  auto out = slopes_power_of_2(closest, max_bias);
  const auto extra = get_slopes(2 * closest, max_bias);
  for (int i = 0; int(out.size()) < n; i += 2) out.push_back(extra[std::size_t(i)]);
  return out;
}

TEST(Alibi, SlopesFor8_12_16_20Heads) {
  for (int heads : {1, 2, 3, 8, 12, 16, 20, 24, 40, 64, 96}) {
    const auto got = posenc::alibi_slopes(std::size_t(heads));
    const auto want = get_slopes(heads);
    ASSERT_EQ(got.size(), want.size()) << heads;
    for (std::size_t h = 0; h < got.size(); ++h)
      EXPECT_NEAR(got[h], want[h], 1e-13 * want[h]) << heads << " heads, h=" << h;
  }
  // Hand-written: 8 heads are 1/2 .. 1/256; 12 heads add 2^-0.5, 2^-1.5, 2^-2.5, 2^-3.5.
  const auto eight = posenc::alibi_slopes(8);
  for (int h = 0; h < 8; ++h) EXPECT_EQ(eight[std::size_t(h)], std::ldexp(1.0, -(h + 1)));
  const auto twelve = posenc::alibi_slopes(12);
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(twelve[std::size_t(8 + k)], std::pow(2.0, -0.5 - k), 1e-15);
  // 20 heads: 16 of the 16-head sequence, then 2^-0.25, 2^-0.75, 2^-1.25, 2^-1.75.
  const auto twenty = posenc::alibi_slopes(20);
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(twenty[std::size_t(16 + k)], std::pow(2.0, -0.25 - 0.5 * k), 1e-15);
}

TEST(Alibi, MaxBias) {
  const auto got = posenc::alibi_slopes(6, 16.0);
  const auto want = get_slopes(6, 16.0);
  for (std::size_t h = 0; h < 6; ++h) EXPECT_NEAR(got[h], want[h], 1e-15);
  EXPECT_TRUE(throws_invalid([] { posenc::alibi_slopes(0); }, "heads", "0"));
  EXPECT_TRUE(throws_invalid([] { posenc::alibi_slopes(8, 0.0); }, "maxBias", "0"));
  EXPECT_TRUE(throws_invalid([] { posenc::alibi_slopes(8, NAN); }, "maxBias", "NaN"));
}

TEST(Alibi, Bias) {
  const double slope = 0.25;
  const auto b = posenc::alibi_bias(3, 5, slope, false);
  ASSERT_EQ(b.size(), 15u);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j) EXPECT_EQ(b[std::size_t(i * 5 + j)], float(-slope * std::abs(i - j))) << i << "," << j;
  EXPECT_FALSE(std::signbit(b[0])) << "the diagonal is +0";
  const auto c = posenc::alibi_bias(4, 4, slope, true);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const float v = c[std::size_t(i * 4 + j)];
      if (j > i)
        EXPECT_EQ(v, -std::numeric_limits<float>::infinity());
      else
        EXPECT_EQ(v, float(-slope * (i - j)));
    }
  EXPECT_TRUE(posenc::alibi_bias(0, 7, 1.0).empty());
  EXPECT_TRUE(throws_invalid([] { posenc::alibi_bias(2, 2, -1.0); }, "slope", "-1"));
  EXPECT_TRUE(throws_invalid([] { posenc::alibi_bias(2, 2, INFINITY); }, "slope", "Infinity"));
  EXPECT_TRUE(throws_invalid([] { posenc::alibi_bias(1 << 14, 1 << 13, 1.0); }, "queryLen * keyLen", ""));
}

// ------------------------------------------------------------ T5

// Hugging Face T5Attention._relative_position_bucket, one element, float32 where torch is float32
// (relative_position.float() / max_exact, torch.log, / math.log(...) as a float32 scalar, * int).
int t5_reference(long long relative_position, bool bidirectional, long long num_buckets, long long max_distance) {
  long long relative_buckets = 0;
  if (bidirectional) {
    num_buckets /= 2;
    relative_buckets += relative_position > 0 ? num_buckets : 0;
    relative_position = std::llabs(relative_position);
  } else {
    relative_position = -std::min(relative_position, 0LL);
  }
  const long long max_exact = num_buckets / 2;
  if (relative_position < max_exact) return int(relative_buckets + relative_position);
  const float ratio = float(relative_position) / float(max_exact);
  const float log_ratio = float(std::log(double(ratio)));  // a correctly rounded float32 log
  const float divisor = float(std::log(double(max_distance) / double(max_exact)));
  long long if_large = max_exact + (long long)(log_ratio / divisor * float(num_buckets - max_exact));
  if_large = std::min(if_large, num_buckets - 1);
  return int(relative_buckets + if_large);
}

// The bucket of |d| for T5's defaults (32 buckets, 128, bidirectional), derived by hand:
// max_exact 8, then 8 + floor(8 log(d/8) / log 16): boundaries at 8 * 2^(k/2) = 11.3, 16, 22.6, 32,
// 45.3, 64, 90.5, 128.
int t5_default_by_hand(long long d) {
  const long long a = std::llabs(d);
  int b = a < 8    ? int(a)
          : a < 12 ? 8
          : a < 16 ? 9
          : a < 23 ? 10
          : a < 32 ? 11
          : a < 46 ? 12
          : a < 64 ? 13
          : a < 91 ? 14
                   : 15;
  return b + (d > 0 ? 16 : 0);
}

TEST(T5Buckets, DefaultsMatchTheHandTable) {
  for (long long d = -2000; d <= 2000; ++d) {
    EXPECT_EQ(posenc::t5_bucket(d), t5_default_by_hand(d)) << "relative position " << d;
  }
  EXPECT_EQ(posenc::t5_bucket(16777215), 31);
  EXPECT_EQ(posenc::t5_bucket(-16777215), 15);
}

TEST(T5Buckets, MatchTheReferenceFunction) {
  struct Config {
    long long buckets, distance;
    bool bidirectional;
  };
  for (const Config c : {Config{32, 128, true}, Config{32, 128, false}, Config{64, 256, true}, Config{16, 64, false},
                         Config{4, 3, true}, Config{2, 2, false}, Config{33, 100, true}, Config{320, 1000, false}}) {
    for (long long d = -3000; d <= 3000; ++d) {
      ASSERT_EQ(posenc::t5_bucket(d, c.bidirectional, c.buckets, c.distance),
                t5_reference(d, c.bidirectional, c.buckets, c.distance))
          << "d=" << d << " buckets=" << c.buckets << " max_distance=" << c.distance
          << " bidirectional=" << c.bidirectional;
    }
  }
}

TEST(T5Buckets, MatrixIsKeyMinusQuery) {
  const auto m = posenc::t5_buckets(5, 7, 32, 128, true);
  ASSERT_EQ(m.size(), 35u);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 7; ++j) EXPECT_EQ(m[std::size_t(i * 7 + j)], t5_reference(j - i, true, 32, 128));
  const auto causal = posenc::t5_buckets(300, 300, 32, 128, false);
  for (int i = 0; i < 300; i += 7)
    for (int j = 0; j < 300; j += 3) EXPECT_EQ(causal[std::size_t(i * 300 + j)], t5_reference(j - i, false, 32, 128));
  EXPECT_EQ(causal[0 * 300 + 5], 0) << "a future key is bucket 0 when unidirectional";
}

TEST(T5Buckets, Errors) {
  EXPECT_TRUE(throws_invalid([] { posenc::t5_buckets(2, 2, 3, 128, true); }, "numBuckets", "3"));
  EXPECT_TRUE(throws_invalid([] { posenc::t5_buckets(2, 2, 1, 128, false); }, "numBuckets", "1"));
  EXPECT_TRUE(throws_invalid([] { posenc::t5_buckets(2, 2, 32, 8, true); }, "maxDistance", "8"));
  EXPECT_TRUE(throws_invalid([] { posenc::t5_buckets(2, 2, 32, 16, false); }, "maxDistance", "16"));
  EXPECT_TRUE(throws_invalid([] { posenc::t5_buckets(16777217, 1, 32, 128, true); }, "queryLen", "16777217"));
}

// ------------------------------------------------------------ DeBERTa

// Hugging Face DeBERTa-v2 make_log_bucket_position, float32 as torch computes it.
int deberta_reference(long long rel, long long bucket_size, long long max_position) {
  const long long mid = bucket_size / 2;
  const long long abs_pos = (rel < mid && rel > -mid) ? mid - 1 : std::llabs(rel);
  if (abs_pos <= mid) return int(rel);
  const float num = float(std::log(double(float(abs_pos) / float(mid))));
  const float den = float(std::log(double(float(double(max_position - 1) / double(mid)))));
  const float log_pos = std::ceil(num / den * float(mid - 1)) + float(mid);
  return int(log_pos * (rel > 0 ? 1.0f : -1.0f));
}

TEST(DebertaBuckets, MatchTheReferenceFunction) {
  for (auto [size, max_pos] : {std::pair<long long, long long>{256, 512}, {128, 512}, {64, 128}, {2, 3}, {7, 100}}) {
    for (long long d = -5000; d <= 5000; ++d) {
      ASSERT_EQ(posenc::deberta_log_bucket(d, size, max_pos), deberta_reference(d, size, max_pos))
          << "d=" << d << " bucket_size=" << size << " max_position=" << max_pos;
    }
  }
  // DeBERTa-v3 (position_buckets 256, max_relative_positions 512), by hand: exact within 128,
  // 129 -> 129 (ceil of 0.71 + 128), 511 -> 255, symmetric.
  EXPECT_EQ(posenc::deberta_log_bucket(128, 256, 512), 128);
  EXPECT_EQ(posenc::deberta_log_bucket(129, 256, 512), 129);
  EXPECT_EQ(posenc::deberta_log_bucket(511, 256, 512), 255);
  EXPECT_EQ(posenc::deberta_log_bucket(-511, 256, 512), -255);
  const auto m = posenc::deberta_log_buckets(4, 300, 256, 512);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 300; ++j) EXPECT_EQ(m[std::size_t(i * 300 + j)], deberta_reference(i - j, 256, 512));
  EXPECT_TRUE(throws_invalid([] { posenc::deberta_log_buckets(2, 2, 1, 512); }, "bucketSize", "1"));
  EXPECT_TRUE(throws_invalid([] { posenc::deberta_log_buckets(2, 2, 256, 129); }, "maxPosition", "129"));
}

}  // namespace
