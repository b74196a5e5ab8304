// A seeded N(0, 1) generator that gives bit-identical numbers on every platform.
//
// std::normal_distribution differs between standard libraries, and libm's log is not
// correctly rounded everywhere, so both the uniform bits and the logarithm are ours,
// built from IEEE operations (+ - * / sqrt, exact frexp) whose results are fixed by the
// standard. The library is compiled with -ffp-contract=off so no FMA changes a rounding.
// Counter-based: value `index` of stream (seed, stream) is computed on its own, so a
// table's first rows do not depend on how many rows follow.
#pragma once

#include <cstddef>
#include <cstdint>

namespace posenc::gaussian {

// 64 uniform bits for (seed, stream, index): the generator's state at that counter, for callers
// that draw integers (the lab's tasks) from the same seeded streams as the tables.
std::uint64_t uniform_bits(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) noexcept;

// A standard normal deviate for (seed, stream, index), Marsaglia's polar method.
double standard_normal(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) noexcept;

// out[i] = float(scale * standard_normal(seed, stream, first + i)) for i < count, bit for bit,
// computed a block at a time so that consecutive values overlap in the processor.
void scaled_normals(std::uint64_t seed, std::uint64_t stream, std::uint64_t first, std::size_t count, double scale,
                    float* out) noexcept;

// scaled_normals in two halves, for its SIMD twins (gaussian_simd.cpp), which take the second:
// for the count <= block values first.. of (seed, stream), the polar method's accepted point,
// u[i] and r2[i] = u^2 + v^2 in (0, 1); value i is then u[i] sqrt(-2 log(r2[i]) / r2[i]).
constexpr std::size_t block = 64;
void accepted_points(std::uint64_t seed, std::uint64_t stream, std::uint64_t first, std::size_t count, double* u,
                     double* r2) noexcept;

// Natural logarithm of x in (0, 1], correct to about one ulp, deterministic.
double portable_log(double x) noexcept;

}  // namespace posenc::gaussian
