// Seeded hostile-input sweep over the public entry points: sizes, positions and bases
// drawn from pools of edge values (0, odd, limits +-1, 2^32, SIZE_MAX, INT64 extremes,
// NaN, infinities). Every call either succeeds with a result of the right shape and
// finite values, or throws posenc::invalid_argument having written nothing; never
// another exception, a crash, or (in the sanitized build) undefined behaviour.
// Requests that are valid but large are not made, to keep the test fast.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

constexpr std::size_t kSizeMax = std::numeric_limits<std::size_t>::max();
constexpr std::int64_t kI64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kI64Min = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kLimit = std::int64_t{1} << 24;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

const std::size_t kSizes[] = {0,
                              1,
                              2,
                              3,
                              4,
                              6,
                              7,
                              8,
                              10,
                              64,
                              65535,
                              65536,
                              65537,
                              65538,
                              std::size_t(kLimit),
                              std::size_t(kLimit) + 1,
                              std::size_t{1} << 26,
                              std::size_t{1} << 32,
                              kSizeMax / 2 + 1,
                              kSizeMax};
const std::int64_t kPositions[] = {0,          1,       2,       -1,          17,      kLimit - 1, kLimit,
                                   kLimit + 1, -kLimit, kI64Max, kI64Max - 1, kI64Min, kI64Min + 1};
const double kBases[] = {10000.0, 2.0, 1e308, 1.0 + 2.220446049250313e-16, 1.0, 0.5, 0.0, -3.0, kNaN, kInf, -kInf};

template <class T, std::size_t N>
T pick(std::mt19937& rng, const T (&pool)[N]) {
  return pool[rng() % N];
}

// Small values most of the time, an edge value otherwise.
std::size_t some_size(std::mt19937& rng) { return rng() % 3 ? std::size_t(rng() % 9) : pick(rng, kSizes); }

std::int64_t some_position(std::mt19937& rng) { return rng() % 3 ? std::int64_t(rng() % 40) : pick(rng, kPositions); }

// A position from the pool, negated half the time (never overflowing).
std::int64_t signed_position(std::mt19937& rng) {
  const std::int64_t p = some_position(rng);
  return rng() % 2 && p != kI64Min ? -p : p;
}

double some_base(std::mt19937& rng) { return rng() % 2 ? 10000.0 : pick(rng, kBases); }

// a * b, saturated at SIZE_MAX.
std::size_t wide(std::size_t a, std::size_t b) {
  std::size_t r;
  return __builtin_mul_overflow(a, b, &r) ? kSizeMax : r;
}

// max - min + 1 for min <= max, saturated at SIZE_MAX; 0 when min > max.
std::size_t clip_rows(std::int64_t lo, std::int64_t hi) {
  if (lo > hi) return 0;
  const std::uint64_t span = std::uint64_t(hi) - std::uint64_t(lo);  // exact modulo 2^64, and < 2^64
  return span == std::numeric_limits<std::uint64_t>::max() ? kSizeMax : std::size_t(span + 1);
}

bool all_finite(const std::vector<float>& v) {
  for (float x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

// Runs f; returns "" when it succeeded or threw invalid_argument, else what went wrong.
template <class F>
std::string outcome(F&& f, bool* threw) {
  *threw = false;
  try {
    f();
  } catch (const posenc::invalid_argument& e) {
    *threw = true;
    if (e.parameter().empty()) return std::string("invalid_argument without a parameter: ") + e.what();
    return "";
  } catch (const std::exception& e) {
    return std::string("unexpected exception: ") + e.what();
  } catch (...) {
    return "unexpected non-std exception";
  }
  return "";
}

TEST(Robustness, RopeApplyNeverHalfWritesAndNeverEscapes) {
  std::mt19937 rng(4242);
  std::size_t accepted = 0, refused = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    posenc::rope_options o;
    o.dim = some_size(rng);
    o.heads = rng() % 4 ? 1 + rng() % 3 : some_size(rng);
    o.base = some_base(rng);
    o.pairs = rng() % 2 ? posenc::layout::half : posenc::layout::interleaved;
    o.rotary_dim = rng() % 3 ? 0 : some_size(rng);
    const std::size_t length = rng() % 2 ? o.dim * o.heads * (rng() % 4) : std::size_t(rng() % 70);
    if (length > 4096) continue;  // the buffer below; dim * heads wrapping can make it anything
    std::vector<float> x(length);
    for (std::size_t i = 0; i < length; ++i) x[i] = float(int(i % 7) - 3) * 0.25f;
    const auto before = x;
    bool threw = false;
    std::string bad;
    const bool explicit_positions = rng() % 2;
    const std::size_t row = o.dim * o.heads;  // may wrap: that is part of the test
    std::vector<std::int64_t> pos(rng() % 2 && row != 0 && row <= 4096 ? length / row : rng() % 5);
    for (auto& p : pos) p = some_position(rng);
    const std::int64_t offset = some_position(rng);
    if (explicit_positions)
      bad = outcome([&] { posenc::rope_apply(x.data(), x.size(), o, pos.data(), pos.size()); }, &threw);
    else
      bad = outcome([&] { posenc::rope_apply(x.data(), x.size(), o, offset); }, &threw);
    SCOPED_TRACE(::testing::Message() << "trial " << trial << ": dim=" << o.dim << " heads=" << o.heads
                                      << " base=" << o.base.value_or(posenc::default_base) << " rotary=" << o.rotary_dim
                                      << " length=" << length << (explicit_positions ? " explicit" : " offset=")
                                      << offset);
    ASSERT_EQ(bad, "");
    if (threw) {
      ++refused;
      ASSERT_TRUE(x == before) << "half-written on error";
    } else {
      ++accepted;
      ASSERT_TRUE(all_finite(x));
    }
  }
  // The sweep must exercise both sides.
  EXPECT_GT(accepted, 100u);
  EXPECT_GT(refused, 100u);
}

TEST(Robustness, TableBuildersRefuseOrReturnTheRightShape) {
  std::mt19937 rng(4343);
  const double stds[] = {0.02, 0.0, 1.0, -1.0, kNaN, kInf, -kInf, 1e30};
  const std::size_t small_limit = 1u << 14, element_limit = std::size_t{1} << 26;
  std::size_t accepted = 0;
  double last_std = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t a = some_size(rng), dim = some_size(rng);
    const double base = some_base(rng);
    std::int64_t lo = signed_position(rng), hi = signed_position(rng);
    // For the relative table: rows = max - min + 1 (0 when min > max).
    const std::size_t elements = trial % 4 == 3 ? wide(clip_rows(lo, hi), dim) : wide(a, dim);
    const bool big = elements > element_limit;
    if (!big && elements > small_limit) continue;  // valid-looking and large: too slow for a sweep
    bool threw = false;
    std::string bad;
    std::vector<float> got;
    switch (trial % 4) {
      case 0:
        bad = outcome([&] { got = posenc::sinusoidal(a, dim, base); }, &threw);
        break;
      case 1: {
        const double sd = pick(rng, stds);
        last_std = sd;
        const std::uint64_t seed = rng();
        bad = outcome([&] { got = posenc::learned_table(a, dim, seed, sd).table(); }, &threw);
        break;
      }
      case 2:
        bad = outcome(
            [&] {
              const auto d = posenc::relative_distance(a, dim, lo, hi);
              got.assign(d.begin(), d.end());
            },
            &threw);
        break;
      case 3:
        bad = outcome([&] { got = posenc::relative_table(lo, hi, dim, 1).table(); }, &threw);
        break;
    }
    SCOPED_TRACE(::testing::Message() << "trial " << trial << " kind " << trial % 4 << ": a=" << a << " dim=" << dim
                                      << " base=" << base << " min=" << lo << " max=" << hi << " std=" << last_std);
    ASSERT_EQ(bad, "");
    if (!threw) {
      ++accepted;
      ASSERT_EQ(got.size(), elements);
      ASSERT_TRUE(all_finite(got));
    }
    if (big) {
      ASSERT_TRUE(threw) << "over 2^26 elements must be refused";
    }
  }
  EXPECT_GT(accepted, 100u);
}

TEST(Robustness, AttentionScoresRefuseOrReturnTheRightShape) {
  std::mt19937 rng(4444);
  std::vector<float> q(512), k(512);
  for (std::size_t i = 0; i < 512; ++i) q[i] = k[i] = float(int(i % 5) - 2) * 0.5f;
  const std::size_t max_lens[] = {0, 1, 2, 8, 64, std::size_t(kLimit) + 1, kSizeMax};
  const std::int64_t clips[] = {-8, 8, 0, -1, 1, kI64Min, kI64Max, kI64Min + 1, kI64Max - 1};
  std::size_t accepted = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    posenc::attention_options o;
    o.dim = rng() % 4 ? 1 + rng() % 8 : some_size(rng);
    o.kind = posenc::encoding(rng() % 5);
    o.base = some_base(rng);
    o.scale = rng() % 2;
    o.max_len = pick(rng, max_lens);
    o.min = rng() % 2 ? -8 : pick(rng, clips);
    o.max = rng() % 2 ? 8 : pick(rng, clips);
    o.seed = rng();
    o.pairs = rng() % 2 ? posenc::layout::half : posenc::layout::interleaved;
    // Whole rows most of the time (when dim allows), arbitrary lengths otherwise.
    auto some_length = [&] {
      return o.dim >= 1 && o.dim <= 160 && rng() % 4 ? o.dim * (rng() % (160 / o.dim + 1)) : std::size_t(rng() % 161);
    };
    const std::size_t ql = some_length(), kl = some_length();
    // Valid tables that would be large (learned maxLen x dim, relative rows x dim): skip.
    if (o.kind == posenc::encoding::learned && o.max_len <= std::size_t(kLimit) &&
        wide(o.max_len, o.dim) > (1u << 14) && wide(o.max_len, o.dim) <= (std::size_t{1} << 26))
      continue;
    if (o.kind == posenc::encoding::relative && wide(clip_rows(*o.min, *o.max), o.dim) > (1u << 14) &&
        wide(clip_rows(*o.min, *o.max), o.dim) <= (std::size_t{1} << 26))
      continue;
    bool threw = false;
    std::vector<float> got;
    const std::string bad = outcome([&] { got = posenc::attention_scores(q.data(), ql, k.data(), kl, o); }, &threw);
    SCOPED_TRACE(::testing::Message() << "trial " << trial << ": dim=" << o.dim << " kind=" << int(o.kind)
                                      << " base=" << o.base << " maxLen=" << o.max_len << " min=" << *o.min
                                      << " max=" << *o.max << " q=" << ql << " k=" << kl);
    ASSERT_EQ(bad, "");
    if (!threw) {
      ++accepted;
      ASSERT_EQ(got.size(), (ql / o.dim) * (kl / o.dim));
      ASSERT_TRUE(all_finite(got));
    }
  }
  EXPECT_GT(accepted, 100u);
}

}  // namespace
