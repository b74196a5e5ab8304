// The internal kernel tables (cpp/src/kernels.hpp): each implementation against a
// float64 reference on sizes 0..70 and a few large ones, unaligned pointers, with
// guard cells past the end that must stay untouched; then scalar vs SIMD twins.
#include <cctype>
#include <cmath>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "kernels.hpp"
#include "test_support.hpp"

namespace {

using posenc::kernels::kernel_table;

constexpr float kGuard = -12345.625f;
constexpr std::size_t kGuardCells = 17;

// The scalar table and every SIMD target this CPU runs (SSE2 and the wider ones natively).
std::vector<const kernel_table*> tables() {
  std::vector<const kernel_table*> v{&posenc::kernels::scalar_table()};
  for (const kernel_table* t : posenc::kernels::runnable_simd_tables()) v.push_back(t);
  return v;
}

// The table's own name ("scalar", "sse2", "avx2", "avx512f", ...) as a test name.
std::string table_name(const ::testing::TestParamInfo<const kernel_table*>& info) {
  std::string name = info.param->name;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

std::vector<std::size_t> sizes() {
  std::vector<std::size_t> v;
  for (std::size_t n = 0; n <= 70; ++n) v.push_back(n);
  for (std::size_t n : {127u, 128u, 129u, 1000u, 4099u, 65537u}) v.push_back(n);
  return v;
}

// A buffer whose payload starts one float past an aligned start (so SIMD loads are
// unaligned) and is followed by guard cells.
struct Guarded {
  std::vector<float> storage;
  std::size_t n;
  explicit Guarded(std::size_t n_) : storage(1 + n_ + kGuardCells, kGuard), n(n_) {}
  float* data() { return storage.data() + 1; }
  const float* data() const { return storage.data() + 1; }
  bool guards_intact() const {
    if (storage[0] != kGuard) return false;
    for (std::size_t i = 0; i < kGuardCells; ++i)
      if (storage[1 + n + i] != kGuard) return false;
    return true;
  }
};

Guarded filled(std::mt19937& rng, std::size_t n, float lo, float hi) {
  Guarded g(n);
  std::uniform_real_distribution<float> d(lo, hi);
  for (std::size_t i = 0; i < n; ++i) g.data()[i] = d(rng);
  return g;
}

class Kernel : public ::testing::TestWithParam<const kernel_table*> {
 protected:
  const kernel_table& k() const { return *GetParam(); }
};

TEST_P(Kernel, HasANameAndEveryEntry) {
  ASSERT_NE(k().name, nullptr);
  EXPECT_GT(std::strlen(k().name), 0u);
  EXPECT_NE(k().sincos, nullptr);
  EXPECT_NE(k().rotate_interleaved, nullptr);
  EXPECT_NE(k().rotate_half, nullptr);
  EXPECT_NE(k().rotate_interleaved_sum, nullptr);
  EXPECT_NE(k().rotate_half_sum, nullptr);
  EXPECT_NE(k().dot, nullptr);
  EXPECT_NE(k().dot_rows, nullptr);
  EXPECT_NE(k().add, nullptr);
  EXPECT_NE(k().add_angles, nullptr);
  EXPECT_NE(k().add_angles_interleaved, nullptr);
  EXPECT_NE(k().interleave, nullptr);
  EXPECT_NE(k().deinterleave, nullptr);
}

// deinterleave takes the even and the odd entries apart, each value exactly, whatever the tail;
// nothing past the n floats of either output moves.
TEST_P(Kernel, DeinterleaveTakesEvenAndOddEntriesApartExactly) {
  std::mt19937 rng(72);
  for (std::size_t n : sizes()) {
    SCOPED_TRACE(::testing::Message() << "n=" << n);
    const Guarded in = filled(rng, 2 * n, -5.0f, 5.0f);
    Guarded even(n), odd(n);
    k().deinterleave(in.data(), even.data(), odd.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(even.data()[i], in.data()[2 * i]) << "even, i=" << i;
      ASSERT_EQ(odd.data()[i], in.data()[2 * i + 1]) << "odd, i=" << i;
    }
    EXPECT_TRUE(even.guards_intact() && odd.guards_intact());
  }
}

// The interleaved row (sinusoidal's layout) is add_angles' two outputs, sin at 2i and cos at
// 2i + 1, bit for bit; interleave places each value exactly. Nothing past the 2n floats moves.
TEST_P(Kernel, InterleavedRowsAreTheTwoRowsInterleavedBitForBit) {
  std::mt19937 rng(71);
  for (std::size_t n : sizes()) {
    SCOPED_TRACE(::testing::Message() << "n=" << n);
    const Guarded a = filled(rng, n, -3.14159f, 3.14159f), b = filled(rng, n, -3.14159f, 3.14159f);
    Guarded sa(n), ca(n), sb(n), cb(n), oc(n), os(n), row(2 * n), zipped(2 * n);
    k().sincos(a.data(), n, sa.data(), ca.data());
    k().sincos(b.data(), n, sb.data(), cb.data());
    k().add_angles(ca.data(), sa.data(), cb.data(), sb.data(), oc.data(), os.data(), n);
    k().add_angles_interleaved(ca.data(), sa.data(), cb.data(), sb.data(), row.data(), n);
    k().interleave(a.data(), b.data(), zipped.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(0, std::memcmp(&row.data()[2 * i], &os.data()[i], sizeof(float))) << "sin, i=" << i;
      ASSERT_EQ(0, std::memcmp(&row.data()[2 * i + 1], &oc.data()[i], sizeof(float))) << "cos, i=" << i;
      ASSERT_EQ(zipped.data()[2 * i], a.data()[i]) << "interleave even, i=" << i;
      ASSERT_EQ(zipped.data()[2 * i + 1], b.data()[i]) << "interleave odd, i=" << i;
    }
    EXPECT_TRUE(row.guards_intact() && zipped.guards_intact());
  }
}

TEST_P(Kernel, SincosMatchesDoubleOnReducedAngles) {
  std::mt19937 rng(61);
  const float pi = 3.14159265358979f;  // rounds up, just past pi: reduced angles can be it
  for (std::size_t n : sizes()) {
    Guarded a = filled(rng, n, -pi, pi);
    const float edges[] = {0.0f, -0.0f, pi, -pi, pi / 2, -pi / 2, 1e-30f, -1e-8f, 0.7853982f, 3.0f};
    for (std::size_t i = 0; i < n && i < std::size(edges); ++i) a.data()[(i * 7) % n] = edges[i];
    Guarded s(n), c(n);
    k().sincos(a.data(), n, s.data(), c.data());
    double worst = 0;
    for (std::size_t i = 0; i < n; ++i) {
      worst = std::max(worst, std::fabs(s.data()[i] - std::sin(double(a.data()[i]))));
      worst = std::max(worst, std::fabs(c.data()[i] - std::cos(double(a.data()[i]))));
    }
    EXPECT_LE(worst, 2e-7) << "n=" << n;
    EXPECT_TRUE(s.guards_intact() && c.guards_intact() && a.guards_intact()) << "n=" << n;
  }
}

void rotate_reference(const float* x, double* y, std::size_t heads, std::size_t dim, std::size_t rotary, const float* c,
                      const float* s, bool half) {
  const std::size_t h = rotary / 2;
  for (std::size_t hd = 0; hd < heads; ++hd) {
    const float* xv = x + hd * dim;
    double* yv = y + hd * dim;
    for (std::size_t f = 0; f < dim; ++f) yv[f] = xv[f];
    for (std::size_t i = 0; i < h; ++i) {
      const std::size_t a = half ? i : 2 * i, b = half ? i + h : 2 * i + 1;
      yv[a] = double(xv[a]) * c[i] - double(xv[b]) * s[i];
      yv[b] = double(xv[b]) * c[i] + double(xv[a]) * s[i];
    }
  }
}

struct RotateCase {
  std::size_t heads, dim, rotary;
};

std::vector<RotateCase> rotate_cases() {
  std::vector<RotateCase> v;
  for (std::size_t dim = 2; dim <= 70; dim += 2) {
    v.push_back({1, dim, dim});
    v.push_back({3, dim, dim});
    if (dim > 2) v.push_back({2, dim, 2 * ((dim / 2 + 1) / 2)});  // rotary < dim
  }
  v.push_back({2, 4096, 4096});
  v.push_back({1, 1026, 1026});
  v.push_back({3, 1026, 512});
  return v;
}

void check_rotate(const kernel_table& k, bool half) {
  std::mt19937 rng(half ? 63 : 62);
  for (const RotateCase& rc : rotate_cases()) {
    const std::size_t n = rc.heads * rc.dim, h = rc.rotary / 2;
    Guarded x = filled(rng, n, -3.0f, 3.0f);
    const std::vector<float> x0(x.data(), x.data() + n);
    Guarded c(h), s(h);
    std::uniform_real_distribution<double> ang(-3.14159, 3.14159);
    for (std::size_t i = 0; i < h; ++i) {
      const double a = ang(rng);
      c.data()[i] = float(std::cos(a));
      s.data()[i] = float(std::sin(a));
    }
    std::vector<double> want(n);
    rotate_reference(x0.data(), want.data(), rc.heads, rc.dim, rc.rotary, c.data(), s.data(), half);
    Guarded scratch(2 * rc.rotary);
    if (half)
      k.rotate_half(x.data(), 1, rc.heads, rc.dim, rc.rotary, c.data(), s.data(), 0);
    else
      k.rotate_interleaved(x.data(), 1, rc.heads, rc.dim, rc.rotary, c.data(), s.data(), 0, scratch.data());
    std::size_t bad = 0, passthrough = 0;
    for (std::size_t hd = 0; hd < rc.heads; ++hd)
      for (std::size_t i = 0; i < rc.dim; ++i) {
        const std::size_t at = hd * rc.dim + i;
        if (i >= rc.rotary) {
          passthrough += std::memcmp(&x.data()[at], &x0[at], sizeof(float)) != 0;
          continue;
        }
        const std::size_t pair = half ? (i < h ? i + h : i - h) : (i ^ 1);
        const double tol = 2.5e-7 * (std::fabs(x0[at]) + std::fabs(x0[hd * rc.dim + pair])) + 1e-38;
        bad += !(std::fabs(x.data()[at] - want[at]) <= tol);
      }
    SCOPED_TRACE(::testing::Message() << (half ? "rotate_half" : "rotate_interleaved") << " heads=" << rc.heads
                                      << " dim=" << rc.dim << " rotary=" << rc.rotary);
    EXPECT_EQ(bad, 0u) << "elements off the float64 rotation";
    EXPECT_EQ(passthrough, 0u) << "features past rotary changed";
    EXPECT_TRUE(x.guards_intact()) << "wrote past heads * dim";
    EXPECT_TRUE(c.guards_intact() && s.guards_intact());
    EXPECT_TRUE(scratch.guards_intact()) << "used more than 2 * rotary scratch floats";
  }
}

TEST_P(Kernel, RotateInterleavedMatchesDouble) { check_rotate(k(), false); }
TEST_P(Kernel, RotateHalfMatchesDouble) { check_rotate(k(), true); }

// A call over several rows is the same as one call per row, bit for bit: row r takes the
// cos/sin rows table_stride * r floats on (a gap after each row here, as a caller's table
// may have), and nothing outside the rows and tables is touched.
TEST_P(Kernel, RotateManyRowsIsEachRowInTurn) {
  std::mt19937 rng(64);
  for (bool half : {false, true})
    for (const RotateCase& rc : rotate_cases()) {
      if (rc.dim > 130) continue;  // the large cases add time, not coverage, here
      for (std::size_t rows : {2u, 5u}) {
        SCOPED_TRACE(::testing::Message() << (half ? "rotate_half" : "rotate_interleaved") << " rows=" << rows
                                          << " heads=" << rc.heads << " dim=" << rc.dim << " rotary=" << rc.rotary);
        const std::size_t row = rc.heads * rc.dim, h = rc.rotary / 2, table_stride = h + 3;
        Guarded many = filled(rng, rows * row, -2.0f, 2.0f), each(rows * row);
        std::memcpy(each.data(), many.data(), rows * row * sizeof(float));
        Guarded ang = filled(rng, rows * table_stride, -3.14159f, 3.14159f), s(rows * table_stride),
                c(rows * table_stride), scratch(2 * rc.rotary);
        posenc::kernels::scalar_table().sincos(ang.data(), rows * table_stride, s.data(), c.data());
        if (half) {
          k().rotate_half(many.data(), rows, rc.heads, rc.dim, rc.rotary, c.data(), s.data(), table_stride);
          for (std::size_t r = 0; r < rows; ++r)
            k().rotate_half(each.data() + r * row, 1, rc.heads, rc.dim, rc.rotary, c.data() + r * table_stride,
                            s.data() + r * table_stride, 0);
        } else {
          k().rotate_interleaved(many.data(), rows, rc.heads, rc.dim, rc.rotary, c.data(), s.data(), table_stride,
                                 scratch.data());
          for (std::size_t r = 0; r < rows; ++r)
            k().rotate_interleaved(each.data() + r * row, 1, rc.heads, rc.dim, rc.rotary, c.data() + r * table_stride,
                                   s.data() + r * table_stride, 0, scratch.data());
        }
        EXPECT_EQ(0, std::memcmp(many.data(), each.data(), rows * row * sizeof(float)));
        EXPECT_TRUE(many.guards_intact() && scratch.guards_intact() && c.guards_intact() && s.guards_intact());
      }
    }
}

// ---------------------------------------------------------------- fused rotations

// rotate_*_sum against the two-step path it replaces: add_angles into a row, the
// attention factor as rope.cpp's scale_row applies it, then rotate_*, row by row.
struct SumCase {
  std::size_t rows, heads, dim, rotary;
  float factor;
};

std::vector<SumCase> sum_cases() {
  std::vector<SumCase> v;
  for (const RotateCase& rc : rotate_cases()) {
    v.push_back({1, rc.heads, rc.dim, rc.rotary, 1.0f});
    if (rc.dim % 6 == 0) v.push_back({3, rc.heads, rc.dim, rc.rotary, 1.1386294f});  // yarn's 0.1 ln(4) + 1
    if (rc.dim % 10 == 4) v.push_back({31, rc.heads, rc.dim, rc.rotary, 1.0f});
  }
  for (std::size_t heads : {4u, 5u, 8u, 32u}) {  // many heads: one angle sum for all of them
    v.push_back({2, heads, 64, 64, 1.0f});
    v.push_back({5, heads, 70, 38, 1.0f});
    v.push_back({1, heads, 128, 128, 0.75f});
  }
  return v;
}

// An anchor row and `rows` step rows as angle_rows makes them: cos/sin of angles in
// [-pi, pi].
struct SumRows {
  std::size_t h;
  Guarded ca, sa, cb, sb;
  SumRows(const kernel_table& k, std::mt19937& rng, std::size_t rows, std::size_t h_)
      : h(h_), ca(h_), sa(h_), cb(rows * h_), sb(rows * h_) {
    Guarded a = filled(rng, h, -3.14159f, 3.14159f), b = filled(rng, rows * h, -3.14159f, 3.14159f);
    k.sincos(a.data(), h, sa.data(), ca.data());
    k.sincos(b.data(), rows * h, sb.data(), cb.data());
  }
  bool guards_intact() const {
    return ca.guards_intact() && sa.guards_intact() && cb.guards_intact() && sb.guards_intact();
  }
};

// The two-step path of `k` on x.
void two_step(const kernel_table& k, float* x, const SumCase& sc, const SumRows& r, bool half) {
  const std::size_t h = sc.rotary / 2;
  std::vector<float> c(h), s(h), scratch(2 * sc.rotary);
  for (std::size_t row = 0; row < sc.rows; ++row) {
    k.add_angles(r.ca.data(), r.sa.data(), r.cb.data() + row * h, r.sb.data() + row * h, c.data(), s.data(), h);
    if (sc.factor != 1.0f)
      for (std::size_t i = 0; i < h; ++i) {
        s[i] *= sc.factor;
        c[i] *= sc.factor;
      }
    float* v = x + row * sc.heads * sc.dim;
    if (half)
      k.rotate_half(v, 1, sc.heads, sc.dim, sc.rotary, c.data(), s.data(), 0);
    else
      k.rotate_interleaved(v, 1, sc.heads, sc.dim, sc.rotary, c.data(), s.data(), 0, scratch.data());
  }
}

void fused(const kernel_table& k, float* x, const SumCase& sc, const SumRows& r, bool half) {
  (half ? k.rotate_half_sum : k.rotate_interleaved_sum)(x, sc.rows, sc.heads, sc.dim, sc.rotary, r.ca.data(),
                                                        r.sa.data(), r.cb.data(), r.sb.data(), sc.factor);
}

std::string describe(const SumCase& sc, bool half) {
  return std::string(half ? "half" : "interleaved") + " rows=" + std::to_string(sc.rows) +
         " heads=" + std::to_string(sc.heads) + " dim=" + std::to_string(sc.dim) +
         " rotary=" + std::to_string(sc.rotary) + " factor=" + std::to_string(sc.factor);
}

TEST_P(Kernel, RotateSumEqualsAddAnglesThenRotateBitForBit) {
  std::mt19937 rng(67);
  for (const SumCase& sc : sum_cases())
    for (bool half : {false, true}) {
      SCOPED_TRACE(describe(sc, half));
      const std::size_t n = sc.rows * sc.heads * sc.dim;
      const SumRows rows(k(), rng, sc.rows, sc.rotary / 2);
      Guarded x1 = filled(rng, n, -3.0f, 3.0f), x2(n);
      std::memcpy(x2.data(), x1.data(), n * sizeof(float));
      two_step(k(), x1.data(), sc, rows, half);
      fused(k(), x2.data(), sc, rows, half);
      ASSERT_EQ(0, std::memcmp(x1.data(), x2.data(), n * sizeof(float)));
      ASSERT_TRUE(x2.guards_intact()) << "wrote past rows * heads * dim";
      ASSERT_TRUE(rows.guards_intact());
    }
}

TEST_P(Kernel, DotMatchesDoubleWithinSummationBound) {
  std::mt19937 rng(64);
  for (std::size_t n : sizes()) {
    Guarded a = filled(rng, n, -2.0f, 2.0f), b = filled(rng, n, -2.0f, 2.0f);
    double want = 0, abs_sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      want += double(a.data()[i]) * b.data()[i];
      abs_sum += std::fabs(double(a.data()[i]) * b.data()[i]);
    }
    const float got = k().dot(a.data(), b.data(), n);
    // Classic bound for any summation order: n u sum|a_i b_i|, u = 2^-24.
    EXPECT_LE(std::fabs(got - want), double(n + 2) * 0x1p-24 * abs_sum + 1e-38) << "n=" << n;
    if (n == 0) {
      EXPECT_EQ(got, 0.0f);
    }
  }
}

TEST_P(Kernel, DotOfOrthogonalAndIdenticalVectors) {
  // Exactly representable sums: every summation order must give them exactly.
  for (std::size_t n : {1u, 3u, 8u, 13u, 64u, 67u}) {
    std::vector<float> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = float(i % 5) - 2.0f;
      b[i] = i % 2 ? 0.5f : 0.25f;
    }
    double want = 0;
    for (std::size_t i = 0; i < n; ++i) want += double(a[i]) * b[i];
    EXPECT_EQ(k().dot(a.data(), b.data(), n), float(want)) << "n=" << n;
  }
}

TEST_P(Kernel, AddIsExactElementwise) {
  std::mt19937 rng(65);
  for (std::size_t n : sizes()) {
    Guarded a = filled(rng, n, -100.0f, 100.0f), b = filled(rng, n, -1.0f, 1.0f), out(n);
    k().add(a.data(), b.data(), out.data(), n);
    std::size_t bad = 0;
    for (std::size_t i = 0; i < n; ++i) bad += out.data()[i] != a.data()[i] + b.data()[i];
    EXPECT_EQ(bad, 0u) << "n=" << n;
    EXPECT_TRUE(out.guards_intact()) << "n=" << n;
  }
}

INSTANTIATE_TEST_SUITE_P(Table, Kernel, ::testing::ValuesIn(tables()), table_name);

// Scalar vs SIMD on identical inputs. A build without SIMD has no twin to compare: the
// test then checks that the build says so consistently instead of passing vacuously.
// ---------------------------------------------------------------- targets

// Every SIMD target (AVX2, AVX-512 beside the SSE2 baseline natively) gives the baseline's
// bits wherever the kernels do the same float operations in the same order: sincos (no
// target fuses xsimd's multiply-adds), the rotations, add and add_angles. Only the dot
// products sum in an order that depends on the width (held to the float64 bound above).
class Targets : public ::testing::TestWithParam<const kernel_table*> {
 protected:
  const kernel_table& base = *posenc::kernels::runnable_simd_tables().front();
  const kernel_table& k() const { return *GetParam(); }
};

bool same_bits(const Guarded& a, const Guarded& b) {
  return a.n == b.n && std::memcmp(a.data(), b.data(), a.n * sizeof(float)) == 0;
}

TEST_P(Targets, SincosAddAndAngleSumsAreTheBaselineBits) {
  std::mt19937 rng(69);
  for (std::size_t n : sizes()) {
    SCOPED_TRACE(::testing::Message() << "n=" << n);
    const Guarded a = filled(rng, n, -3.14159f, 3.14159f), b = filled(rng, n, -3.14159f, 3.14159f);
    Guarded s1(n), c1(n), s2(n), c2(n);
    base.sincos(a.data(), n, s1.data(), c1.data());
    k().sincos(a.data(), n, s2.data(), c2.data());
    EXPECT_TRUE(same_bits(s1, s2) && same_bits(c1, c2)) << "sincos";
    EXPECT_TRUE(s2.guards_intact() && c2.guards_intact());
    Guarded o1(n), o2(n);
    base.add(a.data(), b.data(), o1.data(), n);
    k().add(a.data(), b.data(), o2.data(), n);
    EXPECT_TRUE(same_bits(o1, o2) && o2.guards_intact()) << "add";
    Guarded sb(n), cb(n), oc1(n), os1(n), oc2(n), os2(n);
    base.sincos(b.data(), n, sb.data(), cb.data());
    base.add_angles(c1.data(), s1.data(), cb.data(), sb.data(), oc1.data(), os1.data(), n);
    k().add_angles(c1.data(), s1.data(), cb.data(), sb.data(), oc2.data(), os2.data(), n);
    EXPECT_TRUE(same_bits(oc1, oc2) && same_bits(os1, os2)) << "add_angles";
    EXPECT_TRUE(oc2.guards_intact() && os2.guards_intact());
    Guarded row1(2 * n), row2(2 * n), zip1(2 * n), zip2(2 * n);
    base.add_angles_interleaved(c1.data(), s1.data(), cb.data(), sb.data(), row1.data(), n);
    k().add_angles_interleaved(c1.data(), s1.data(), cb.data(), sb.data(), row2.data(), n);
    EXPECT_TRUE(same_bits(row1, row2) && row2.guards_intact()) << "add_angles_interleaved";
    base.interleave(a.data(), b.data(), zip1.data(), n);
    k().interleave(a.data(), b.data(), zip2.data(), n);
    EXPECT_TRUE(same_bits(zip1, zip2) && zip2.guards_intact()) << "interleave";
  }
}

TEST_P(Targets, RotationsAreTheBaselineBits) {
  std::mt19937 rng(70);
  for (const SumCase& sc : sum_cases())
    for (bool half : {false, true}) {
      SCOPED_TRACE(describe(sc, half));
      const std::size_t n = sc.rows * sc.heads * sc.dim, h = sc.rotary / 2;
      const SumRows rows(base, rng, sc.rows, h);
      const Guarded start = filled(rng, n, -3.0f, 3.0f);
      Guarded x1 = start, x2 = start, scratch(2 * sc.rotary);
      // Many rows in one call, each row's table at table_stride = h: the step rows of SumRows.
      if (half) {
        base.rotate_half(x1.data(), sc.rows, sc.heads, sc.dim, sc.rotary, rows.cb.data(), rows.sb.data(), h);
        k().rotate_half(x2.data(), sc.rows, sc.heads, sc.dim, sc.rotary, rows.cb.data(), rows.sb.data(), h);
      } else {
        base.rotate_interleaved(x1.data(), sc.rows, sc.heads, sc.dim, sc.rotary, rows.cb.data(), rows.sb.data(), h,
                                scratch.data());
        k().rotate_interleaved(x2.data(), sc.rows, sc.heads, sc.dim, sc.rotary, rows.cb.data(), rows.sb.data(), h,
                               scratch.data());
      }
      EXPECT_TRUE(same_bits(x1, x2) && x2.guards_intact() && scratch.guards_intact()) << "rotate";
      Guarded y1 = start, y2 = start;
      fused(base, y1.data(), sc, rows, half);
      fused(k(), y2.data(), sc, rows, half);
      EXPECT_TRUE(same_bits(y1, y2) && y2.guards_intact()) << "rotate sum";
    }
}

std::vector<const kernel_table*> wide_targets() {
  std::vector<const kernel_table*> v = posenc::kernels::runnable_simd_tables();
  if (!v.empty()) v.erase(v.begin());
  return v;
}

INSTANTIATE_TEST_SUITE_P(Wide, Targets, ::testing::ValuesIn(wide_targets()), table_name);
// A build or CPU with the baseline alone has no wide target: nothing to compare, not a failure.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Targets);

// ---------------------------------------------------------------- twins

// Scalar vs one SIMD table on every kernel (defined below the tests that use it).
void agree_on_every_kernel(const kernel_table& scalar, const kernel_table* simd);

class KernelTwins : public ::testing::Test {
 protected:
  const kernel_table& scalar = posenc::kernels::scalar_table();
  const kernel_table* simd = posenc::kernels::simd_table();
  const std::vector<const kernel_table*> targets = posenc::kernels::runnable_simd_tables();
};

TEST_F(KernelTwins, SimdTableExistsExactlyWhenSimdIsAvailable) {
  EXPECT_EQ(simd != nullptr, posenc::simd_available());
  if (simd) {
    EXPECT_NE(simd, &scalar);
  }
  EXPECT_NE(std::string(scalar.name), "");
}

TEST_F(KernelTwins, ActiveTableFollowsUseBackend) {
  const posenc::backend saved = posenc::active_backend();
  posenc::use_backend(posenc::backend::scalar);
  EXPECT_EQ(&posenc::kernels::active_table(), &scalar);
  if (simd) {
    posenc::use_backend(posenc::backend::simd);
    EXPECT_EQ(&posenc::kernels::active_table(), simd);
  } else {
    EXPECT_THROW(posenc::use_backend(posenc::backend::simd), posenc::invalid_argument);
    EXPECT_EQ(&posenc::kernels::active_table(), &scalar);
  }
  posenc::use_backend(saved);
}

TEST_F(KernelTwins, AgreeOnEveryKernel) {
  if (!simd) {
    EXPECT_FALSE(posenc::simd_available());
    EXPECT_STREQ(posenc::simd_arch_name(), "scalar");
    return;
  }
  for (const kernel_table* target : targets) {
    SCOPED_TRACE(target->name);
    agree_on_every_kernel(scalar, target);
  }
}

void agree_on_every_kernel(const kernel_table& scalar, const kernel_table* simd) {
  std::mt19937 rng(66);
  for (std::size_t n : sizes()) {
    SCOPED_TRACE(::testing::Message() << "n=" << n);
    Guarded a = filled(rng, n, -3.14159f, 3.14159f), b = filled(rng, n, -1.0f, 1.0f);
    Guarded s1(n), c1(n), s2(n), c2(n);
    scalar.sincos(a.data(), n, s1.data(), c1.data());
    simd->sincos(a.data(), n, s2.data(), c2.data());
    double worst = 0;
    for (std::size_t i = 0; i < n; ++i) {
      worst = std::max(worst, double(std::fabs(s1.data()[i] - s2.data()[i])));
      worst = std::max(worst, double(std::fabs(c1.data()[i] - c2.data()[i])));
    }
    EXPECT_LE(worst, 3e-7) << "sincos";
    const float d1 = scalar.dot(a.data(), b.data(), n), d2 = simd->dot(a.data(), b.data(), n);
    double abs_sum = 0;
    for (std::size_t i = 0; i < n; ++i) abs_sum += std::fabs(double(a.data()[i]) * b.data()[i]);
    EXPECT_LE(std::fabs(double(d1) - d2), 2.0 * double(n + 2) * 0x1p-24 * abs_sum + 1e-38) << "dot";
    Guarded o1(n), o2(n);
    scalar.add(a.data(), b.data(), o1.data(), n);
    simd->add(a.data(), b.data(), o2.data(), n);
    EXPECT_EQ(0, std::memcmp(o1.data(), o2.data(), n * sizeof(float))) << "add";
    // Given the same sin/cos rows, the angle sums do the same operations: the same bits.
    Guarded row1(2 * n), row2(2 * n), zip1(2 * n), zip2(2 * n);
    scalar.add_angles_interleaved(c1.data(), s1.data(), b.data(), a.data(), row1.data(), n);
    simd->add_angles_interleaved(c1.data(), s1.data(), b.data(), a.data(), row2.data(), n);
    EXPECT_EQ(0, std::memcmp(row1.data(), row2.data(), 2 * n * sizeof(float))) << "add_angles_interleaved";
    scalar.interleave(s1.data(), c1.data(), zip1.data(), n);
    simd->interleave(s1.data(), c1.data(), zip2.data(), n);
    EXPECT_EQ(0, std::memcmp(zip1.data(), zip2.data(), 2 * n * sizeof(float))) << "interleave";
    EXPECT_TRUE(row2.guards_intact() && zip2.guards_intact());
  }
  for (const RotateCase& rc : rotate_cases())
    for (bool half : {false, true}) {
      SCOPED_TRACE(::testing::Message() << (half ? "rotate_half" : "rotate_interleaved") << " heads=" << rc.heads
                                        << " dim=" << rc.dim << " rotary=" << rc.rotary);
      const std::size_t n = rc.heads * rc.dim, h = rc.rotary / 2;
      Guarded x1 = filled(rng, n, -2.0f, 2.0f), x2(n);
      std::memcpy(x2.data(), x1.data(), n * sizeof(float));
      Guarded ang = filled(rng, h, -3.14159f, 3.14159f), s(h), c(h), scratch(2 * rc.rotary);
      scalar.sincos(ang.data(), h, s.data(), c.data());
      if (half) {
        scalar.rotate_half(x1.data(), 1, rc.heads, rc.dim, rc.rotary, c.data(), s.data(), 0);
        simd->rotate_half(x2.data(), 1, rc.heads, rc.dim, rc.rotary, c.data(), s.data(), 0);
      } else {
        scalar.rotate_interleaved(x1.data(), 1, rc.heads, rc.dim, rc.rotary, c.data(), s.data(), 0, scratch.data());
        simd->rotate_interleaved(x2.data(), 1, rc.heads, rc.dim, rc.rotary, c.data(), s.data(), 0, scratch.data());
      }
      double worst = 0;
      for (std::size_t i = 0; i < n; ++i) worst = std::max(worst, double(std::fabs(x1.data()[i] - x2.data()[i])));
      EXPECT_LE(worst, 2.0 * 2.5e-7 * 4.0) << "inputs in [-2, 2]";
      EXPECT_TRUE(x2.guards_intact() && scratch.guards_intact());
    }
}

// Given the same anchor and step rows, the fused kernels of both tables and the scalar
// two-step path give the same bits: no FMA contraction, no reordering anywhere.
TEST_F(KernelTwins, RotateSumAgreeBitForBit) {
  if (!simd) {
    EXPECT_FALSE(posenc::simd_available());
    return;
  }
  std::mt19937 rng(68);
  for (const SumCase& sc : sum_cases())
    for (bool half : {false, true}) {
      SCOPED_TRACE(describe(sc, half));
      const std::size_t n = sc.rows * sc.heads * sc.dim;
      const SumRows rows(scalar, rng, sc.rows, sc.rotary / 2);
      const Guarded start = filled(rng, n, -3.0f, 3.0f);
      Guarded x1 = start, x2 = start, x3(n);
      two_step(scalar, x1.data(), sc, rows, half);
      fused(scalar, x2.data(), sc, rows, half);
      ASSERT_EQ(0, std::memcmp(x1.data(), x2.data(), n * sizeof(float))) << "scalar fused vs scalar two-step";
      for (const kernel_table* target : targets) {  // every SIMD target this CPU runs
        std::memcpy(x3.data(), start.data(), n * sizeof(float));
        fused(*target, x3.data(), sc, rows, half);
        ASSERT_EQ(0, std::memcmp(x1.data(), x3.data(), n * sizeof(float))) << target->name << " vs scalar two-step";
        ASSERT_TRUE(x3.guards_intact());
      }
    }
}

}  // namespace
