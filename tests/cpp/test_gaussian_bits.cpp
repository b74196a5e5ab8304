// The seeded tables' bits, pinned against the generator as first published, written here on its
// own: SplitMix64 states, Marsaglia's polar method one value at a time, and the atanh-series log.
// The library computes the same values a block at a time; a change that moves any float of a
// table (another mixer, a reordered retry, a different log or rounding that reaches float32)
// shows here. Built, like the library, with -ffp-contract=off.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "test_support.hpp"

namespace {

std::uint64_t splitmix(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double atanh_series_log(double x) {
  int e = 0;
  double m = std::frexp(x, &e);
  if (m < 0.70710678118654752440) {
    m *= 2.0;
    e -= 1;
  }
  const double s = (m - 1.0) / (m + 1.0);
  const double s2 = s * s;
  double series = 1.0 / 25.0;
  for (int k = 11; k >= 0; --k) series = series * s2 + 1.0 / (2 * k + 1);
  return e * 0.693147180559945309417232121458 + 2.0 * s * series;
}

float published_value(std::uint64_t seed, std::uint64_t index, double scale) {
  std::uint64_t state = splitmix(splitmix(seed) ^ splitmix(0 * 0xD1B54A32D192ED03ull + index));
  for (;;) {
    state = splitmix(state);
    const double u = double(state >> 11) * 0x1.0p-52 - 1.0;
    state = splitmix(state);
    const double v = double(state >> 11) * 0x1.0p-52 - 1.0;
    const double r2 = u * u + v * v;
    if (r2 > 0.0 && r2 < 1.0) return static_cast<float>(scale * (u * std::sqrt(-2.0 * atanh_series_log(r2) / r2)));
  }
}

std::uint32_t bits_of(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

}  // namespace

TEST(GaussianBits, TablesMatchThePublishedGeneratorBitForBit) {
  // Shapes whose value counts straddle any block size: 1, primes, and a large table.
  struct shape {
    std::size_t rows, dim;
  };
  for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{7}, std::uint64_t{12345}, ~std::uint64_t{0}}) {
    for (shape s : {shape{1, 1}, shape{3, 61}, shape{17, 67}, shape{256, 130}}) {
      for (double scale : {1.0, 0.02}) {
        const std::vector<float> table = posenc::gaussian_table(s.rows, s.dim, seed, scale);
        ASSERT_EQ(table.size(), s.rows * s.dim);
        std::size_t differing = 0;
        for (std::size_t i = 0; i < table.size(); ++i)
          differing += bits_of(table[i]) != bits_of(published_value(seed, i, scale));
        EXPECT_EQ(differing, 0u) << "seed " << seed << ", " << s.rows << " x " << s.dim << ", scale " << scale;
      }
    }
  }
}

TEST(GaussianBits, LearnedEncodeRowsAreTheTablesRows) {
  // learned_encode takes rows one at a time (from the row's first value on): the same bits.
  const std::size_t max_len = 300, dim = 70;
  posenc::learned_table table(max_len, dim, 99, 0.5);
  const std::int64_t positions[] = {0, 1, 63, 64, 299};
  const std::vector<float> rows = posenc::learned_encode(max_len, dim, 99, 0.5, positions, std::size(positions));
  for (std::size_t p = 0; p < std::size(positions); ++p)
    for (std::size_t j = 0; j < dim; ++j)
      ASSERT_EQ(bits_of(rows[p * dim + j]), bits_of(table.table()[std::size_t(positions[p]) * dim + j]))
          << "position " << positions[p] << ", feature " << j;
}
