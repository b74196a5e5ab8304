// RoPE against the float64 reference over random shapes, per backend: both layouts,
// heads > 1, rotaryDim < dim, offsets, explicit positions, dims with SIMD tails.
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "reference.hpp"
#include "test_support.hpp"

namespace {

using posenc::layout;
using posenc_test::BackendTest;

constexpr double kBudget = 2e-6;  // per element, relative to the norm of its head vector

struct Shape {
  std::size_t seq, heads, dim, rotary;  // rotary 0 = dim
  std::int64_t offset;
  bool half, explicit_positions;
  double base;
  std::string describe() const {
    std::ostringstream s;
    s << "seq=" << seq << " heads=" << heads << " dim=" << dim << " rotary=" << rotary << " offset=" << offset
      << (half ? " half" : " interleaved") << (explicit_positions ? " explicit" : "") << " base=" << base;
    return s.str();
  }
};

std::vector<Shape> shapes() {
  std::vector<Shape> v = {
      {1, 1, 2, 0, 0, false, false, 10000.0},  // smallest
      {1, 1, 2, 0, 0, true, false, 10000.0},
      {3, 2, 6, 4, 0, false, false, 10000.0},  // rotary < dim, odd pair count
      {3, 2, 6, 4, 5, true, false, 10000.0},
      {2, 4, 130, 0, 7, false, false, 10000.0},  // 65 pairs: every tail
      {2, 4, 130, 0, 7, true, false, 10000.0},
      {5, 3, 18, 10, 1000, true, true, 500000.0},
      {4, 1, 64, 0, (1 << 24) - 4, false, false, 10000.0},  // last position 2^24-1
      {4, 1, 64, 0, (1 << 24) - 4, true, false, 10000.0},
      {1, 1, 66, 2, 3, false, false, 10000.0},  // rotary = 2
      {1, 1, 66, 2, 3, true, false, 10000.0},
  };
  std::mt19937 rng(20240601);
  for (int i = 0; i < 48; ++i) {
    Shape s{};
    s.seq = posenc_test::random_size(rng, 1, 9);
    s.heads = posenc_test::random_size(rng, 1, 4);
    s.dim = 2 * posenc_test::random_size(rng, 1, 45);
    s.rotary = (rng() % 3 == 0 && s.dim > 2) ? 2 * posenc_test::random_size(rng, 1, s.dim / 2 - 1) : 0;
    s.offset = rng() % 4 == 0 ? posenc_test::random_int(rng, 0, (1 << 24) - 10) : posenc_test::random_int(rng, 0, 300);
    s.half = rng() % 2 == 0;
    s.explicit_positions = rng() % 2 == 0;
    s.base = rng() % 5 == 0 ? 1.0e6 : 10000.0;
    v.push_back(s);
  }
  return v;
}

// Max over elements of |got - want| / ||x head||, and exact pass-through check.
double rope_error(const std::vector<float>& x, const std::vector<float>& got, const std::vector<double>& want,
                  std::size_t dim, std::size_t rotary, std::size_t* passthrough_mismatches) {
  double worst = 0;
  *passthrough_mismatches = 0;
  for (std::size_t at = 0; at < x.size(); at += dim) {
    const double nx = std::max(posenc_test::norm(&x[at], dim), 1e-30);
    for (std::size_t f = 0; f < dim; ++f) {
      const double e = std::fabs(double(got[at + f]) - want[at + f]) / nx;
      if (!(e <= worst)) worst = std::isnan(e) ? INFINITY : e;
      if (f >= rotary && std::memcmp(&got[at + f], &x[at + f], sizeof(float)) != 0) ++*passthrough_mismatches;
    }
  }
  return worst;
}

class Rope : public BackendTest {};

TEST_P(Rope, RandomShapesMatchReference) {
  std::mt19937 rng(99);
  for (const Shape& s : shapes()) {
    SCOPED_TRACE(s.describe());
    const std::size_t rotary = s.rotary ? s.rotary : s.dim;
    const auto x = posenc_test::random_normal(rng, s.seq * s.heads * s.dim);
    std::vector<std::int64_t> pos = ref::iota_positions(s.seq, s.offset);
    if (s.explicit_positions)
      for (auto& p : pos) p = posenc_test::random_int(rng, 0, (1 << 24) - 1);
    posenc::rope_options o;
    o.dim = s.dim;
    o.heads = s.heads;
    o.base = s.base;
    o.pairs = s.half ? layout::half : layout::interleaved;
    o.rotary_dim = s.rotary;
    auto y = x;
    if (s.explicit_positions)
      posenc::rope_apply(y.data(), y.size(), o, pos.data(), pos.size());
    else
      posenc::rope_apply(y.data(), y.size(), o, s.offset);
    const auto want = ref::rope(x, s.heads, s.dim, rotary, pos, s.base, s.half);
    std::size_t bad_passthrough = 0;
    EXPECT_LE(rope_error(x, y, want, s.dim, rotary, &bad_passthrough), kBudget);
    EXPECT_EQ(bad_passthrough, 0u) << "features past rotaryDim must pass through unchanged";
  }
}

TEST_P(Rope, OffsetFormEqualsExplicitPositions) {
  std::mt19937 rng(7);
  for (std::size_t dim : {2u, 10u, 32u, 70u}) {
    posenc::rope_options o;
    o.dim = dim;
    o.heads = 2;
    const std::size_t seq = 6;
    const std::int64_t offset = 12345;
    const auto x = posenc_test::random_normal(rng, seq * 2 * dim);
    auto a = x, b = x;
    const auto pos = ref::iota_positions(seq, offset);
    posenc::rope_apply(a.data(), a.size(), o, offset);
    posenc::rope_apply(b.data(), b.size(), o, pos.data(), pos.size());
    EXPECT_LE(posenc_test::max_abs_error(a, b), 1e-6 * posenc_test::norm(x.data(), x.size())) << "dim=" << dim;
  }
}

TEST_P(Rope, PositionZeroIsIdentity) {
  std::mt19937 rng(8);
  for (bool half : {false, true}) {
    posenc::rope_options o;
    o.dim = 34;
    o.heads = 3;
    o.pairs = half ? layout::half : layout::interleaved;
    const auto x = posenc_test::random_normal(rng, 3 * 34);
    auto y = x;
    posenc::rope_apply(y.data(), y.size(), o, 0);
    EXPECT_LE(posenc_test::max_abs_error(x, y), 1e-7) << (half ? "half" : "interleaved");
  }
}

TEST_P(Rope, EmptyInputIsANoOp) {
  posenc::rope_options o;
  o.dim = 8;
  float sentinel = 42.0f;
  posenc::rope_apply(&sentinel, 0, o, 0);
  EXPECT_EQ(sentinel, 42.0f);
}

TEST_P(Rope, MatrixMatchesReference) {
  for (std::size_t dim : {2u, 6u, 16u, 30u})
    for (std::int64_t pos :
         {std::int64_t{0}, std::int64_t{1}, std::int64_t{77}, std::int64_t{16777215}, std::int64_t{9999991}}) {
      const auto got = posenc::rope_matrix(pos, dim);
      ASSERT_EQ(got.size(), dim * dim);
      const auto want = ref::rope_matrix(pos, dim, 10000.0);
      EXPECT_LE(posenc_test::max_abs_error(got, want), kBudget) << "dim=" << dim << " pos=" << pos;
      // Off the 2x2 blocks: exact zeros.
      std::size_t nonzero = 0;
      for (std::size_t r = 0; r < dim; ++r)
        for (std::size_t c = 0; c < dim; ++c)
          if (r / 2 != c / 2 && got[r * dim + c] != 0.0f) ++nonzero;
      EXPECT_EQ(nonzero, 0u);
    }
}

TEST_P(Rope, ComplexFormMatchesReference) {
  std::mt19937 rng(9);
  for (std::size_t dim : {2u, 12u, 50u})
    for (std::int64_t pos : {std::int64_t{0}, std::int64_t{3}, std::int64_t{16777215}}) {
      const auto x = posenc_test::random_normal(rng, dim);
      const auto got = posenc::rope_complex_form(x.data(), dim, pos);
      const auto want = ref::rope_complex(x.data(), dim, pos, 10000.0);
      EXPECT_LE(posenc_test::max_abs_error(got, want), 1e-6 * posenc_test::norm(x.data(), dim))
          << "dim=" << dim << " pos=" << pos;
    }
}

TEST_P(Rope, FrequenciesAreDoublePrecisionPowers) {
  for (std::size_t dim : {2u, 8u, 128u, 4098u})
    for (double base : {10000.0, 1.5, 1.0e6}) {
      const auto got = posenc::rope_frequencies(dim, base);
      const auto want = ref::theta(dim, base);
      ASSERT_EQ(got.size(), want.size());
      double worst = 0;
      for (std::size_t i = 0; i < got.size(); ++i) worst = std::max(worst, std::fabs(got[i] - want[i]) / want[i]);
      EXPECT_LE(worst, 1e-12) << "dim=" << dim << " base=" << base;
      EXPECT_EQ(got[0], 1.0);
    }
}

TEST_P(Rope, CacheRowsMatchReference) {
  for (bool half : {false, true}) {
    posenc::rope_options o;
    o.dim = 40;
    o.rotary_dim = 24;
    o.pairs = half ? layout::half : layout::interleaved;
    const std::int64_t first = (1 << 24) - 50;
    posenc::rope_cache cache(o, first, 50);
    EXPECT_EQ(cache.first(), first);
    EXPECT_EQ(cache.count(), 50u);
    const auto theta = ref::theta(24, 10000.0);  // theta over rotaryDim
    double worst = 0;
    for (std::int64_t p = first; p < first + 50; ++p) {
      const float* c = cache.cos_row(p);
      const float* s = cache.sin_row(p);
      for (std::size_t i = 0; i < 12; ++i) {
        worst = std::max(worst, std::fabs(c[i] - std::cos(double(p) * theta[i])));
        worst = std::max(worst, std::fabs(s[i] - std::sin(double(p) * theta[i])));
      }
    }
    EXPECT_LE(worst, kBudget);
  }
}

TEST_P(Rope, CacheApplyEqualsRopeApply) {
  std::mt19937 rng(10);
  for (const Shape& s : shapes()) {
    if (s.explicit_positions) continue;
    SCOPED_TRACE(s.describe());
    posenc::rope_options o;
    o.dim = s.dim;
    o.heads = s.heads;
    o.base = s.base;
    o.pairs = s.half ? layout::half : layout::interleaved;
    o.rotary_dim = s.rotary;
    // A cache wider than the request on both sides (within [0, 2^24)).
    const std::int64_t first = std::max<std::int64_t>(0, s.offset - 3);
    const std::int64_t end = std::min<std::int64_t>(s.offset + std::int64_t(s.seq) + 2, 1 << 24);
    posenc::rope_cache cache(o, first, std::size_t(end - first));
    const auto x = posenc_test::random_normal(rng, s.seq * s.heads * s.dim);
    auto a = x, b = x;
    cache.apply(a.data(), a.size(), s.offset);
    posenc::rope_apply(b.data(), b.size(), o, s.offset);
    const std::vector<double> b64(b.begin(), b.end());
    const std::size_t rotary = s.rotary ? s.rotary : s.dim;
    std::size_t bad_passthrough = 0;
    EXPECT_LE(rope_error(x, a, b64, s.dim, rotary, &bad_passthrough), 2 * kBudget);
    EXPECT_EQ(bad_passthrough, 0u);
    const auto want = ref::rope(x, s.heads, s.dim, rotary, ref::iota_positions(s.seq, s.offset), s.base, s.half);
    EXPECT_LE(rope_error(x, a, want, s.dim, rotary, &bad_passthrough), kBudget);
  }
}

// transformers' apply_rotary_pos_emb_interleave (DeepSeek-V3) in float64, written out: q1 = v[0::2],
// q2 = v[1::2] over the rotated features, out = cat(q1 cos - q2 sin, q2 cos + q1 sin), the rest unchanged.
std::vector<double> interleave_to_half_reference(const std::vector<float>& x, std::size_t dim, std::size_t rotary,
                                                 const std::vector<std::int64_t>& positions, std::size_t heads,
                                                 double base) {
  std::vector<double> out(x.begin(), x.end());
  const std::size_t half = rotary / 2;
  for (std::size_t v = 0; v < x.size() / dim; ++v) {
    const double position = double(positions[v / heads]);
    const float* in = &x[v * dim];
    double* y = &out[v * dim];
    for (std::size_t i = 0; i < half; ++i) {
      const double angle = position * std::pow(base, -2.0 * double(i) / double(rotary));
      const double q1 = in[2 * i], q2 = in[2 * i + 1];
      y[i] = q1 * std::cos(angle) - q2 * std::sin(angle);
      y[i + half] = q2 * std::cos(angle) + q1 * std::sin(angle);
    }
  }
  return out;
}

TEST_P(Rope, InterleavedToHalfMatchesTheInterleaveFormula) {
  std::mt19937 rng(12);
  std::vector<Shape> all = shapes();
  all.push_back({3, 7, 64, 0, 40, false, false, 10000.0});   // more heads than the fused kernels take
  all.push_back({2, 6, 130, 66, 9, false, true, 10000.0});   // 33 pairs of 65, listed positions
  all.push_back({40, 2, 64, 0, 0, false, false, 500000.0});  // a long run from 0: the cached rows
  for (const Shape& s : all) {
    SCOPED_TRACE(s.describe());
    const std::size_t rotary = s.rotary ? s.rotary : s.dim;
    const auto x = posenc_test::random_normal(rng, s.seq * s.heads * s.dim);
    std::vector<std::int64_t> pos = ref::iota_positions(s.seq, s.offset);
    if (s.explicit_positions)
      for (auto& p : pos) p = posenc_test::random_int(rng, 0, (1 << 24) - 1);
    posenc::rope_options o;
    o.dim = s.dim;
    o.heads = s.heads;
    o.base = s.base;
    o.pairs = layout::interleaved_to_half;
    o.rotary_dim = s.rotary;
    auto y = x;
    if (s.explicit_positions)
      posenc::rope_apply(y.data(), y.size(), o, pos.data(), pos.size());
    else
      posenc::rope_apply(y.data(), y.size(), o, s.offset);
    const auto want = interleave_to_half_reference(x, s.dim, rotary, pos, s.heads, s.base);
    std::size_t bad_passthrough = 0;
    EXPECT_LE(rope_error(x, y, want, s.dim, rotary, &bad_passthrough), kBudget);
    EXPECT_EQ(bad_passthrough, 0u) << "features past rotaryDim must pass through unchanged";
    if (s.explicit_positions) continue;
    // the cached rows and a plan give the same bits as rope_apply
    const std::int64_t end = std::min<std::int64_t>(s.offset + std::int64_t(s.seq) + 2, 1 << 24);
    posenc::rope_cache cache(o, s.offset, std::size_t(end - s.offset));
    auto c = x;
    cache.apply(c.data(), c.size(), s.offset);
    EXPECT_LE(rope_error(x, c, want, s.dim, rotary, &bad_passthrough), kBudget);
    posenc::rope_plan plan(o);
    auto p = x;
    plan.apply(p.data(), p.size(), s.offset);
    EXPECT_LE(rope_error(x, p, want, s.dim, rotary, &bad_passthrough), kBudget);
  }
}

// The layout names, and the functions whose output keeps its input's pairs refuse the new one by name.
TEST(RopeLayout, InterleavedToHalfIsRopesOnly) {
  EXPECT_EQ(posenc::parse_layout("interleaved-to-half"), layout::interleaved_to_half);
  EXPECT_STREQ(posenc::to_string(layout::interleaved_to_half), "interleaved-to-half");
  const auto refused = [](auto call) {
    try {
      call();
    } catch (const posenc::invalid_argument& e) {
      return e.parameter() == "layout" && std::string(e.what()).find("interleaved-to-half") != std::string::npos;
    }
    return false;
  };
  EXPECT_TRUE(refused([] { posenc::sinusoidal(4, 8, 10000.0, layout::interleaved_to_half); }));
  const std::int64_t positions[] = {1, 2};
  EXPECT_TRUE(refused([&] { posenc::sinusoidal_at(positions, 2, 8, 10000.0, layout::interleaved_to_half); }));
  posenc::pair_angle_options pa;
  pa.dim = 4;
  pa.pairs = layout::interleaved_to_half;
  const float v[4] = {1, 2, 3, 4};
  EXPECT_TRUE(refused([&] { posenc::pair_angles(v, 4, v, 4, pa); }));
}

POSENC_INSTANTIATE_BACKENDS(Rope);

}  // namespace
