// Shared test scaffolding: the backend parameterisation (one instance per kernel
// implementation built into this binary, named after it, as Highway's hwy_gtest.h
// does), seeded random inputs, error measures and an invalid_argument matcher.
// Nothing here computes an expected value: that is reference.hpp's job.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <random>
#include <string>
#include <typeinfo>
#include <vector>

#include "kernels.hpp"
#include "posenc/posenc.hpp"

// How GoogleTest prints the parameters (ctest names and failure messages show these
// instead of raw bytes). Found by argument-dependent lookup.
namespace posenc {
inline void PrintTo(backend b, std::ostream* os) { *os << (b == backend::scalar ? "scalar" : "simd"); }
}  // namespace posenc
namespace posenc::kernels {
inline void PrintTo(const kernel_table* t, std::ostream* os) { *os << (t ? t->name : "null"); }
}  // namespace posenc::kernels

namespace posenc_test {

// Every backend this build contains: scalar always, simd only when it was built, so
// no test is silently skipped and the instance name says which kernels ran.
inline std::vector<posenc::backend> available_backends() {
  std::vector<posenc::backend> out{posenc::backend::scalar};
  if (posenc::simd_available()) out.push_back(posenc::backend::simd);
  return out;
}

inline std::string backend_name(const ::testing::TestParamInfo<posenc::backend>& info) {
  return info.param == posenc::backend::scalar ? "scalar" : "simd";
}

// Fixture for tests that run once per backend: selects it, restores the default after.
class BackendTest : public ::testing::TestWithParam<posenc::backend> {
 protected:
  void SetUp() override {
    saved_ = posenc::active_backend();
    posenc::use_backend(GetParam());
    ASSERT_EQ(posenc::active_backend(), GetParam());
  }
  void TearDown() override { posenc::use_backend(saved_); }

 private:
  posenc::backend saved_ = posenc::backend::scalar;
};

#define POSENC_INSTANTIATE_BACKENDS(Suite)                                                           \
  INSTANTIATE_TEST_SUITE_P(Backend, Suite, ::testing::ValuesIn(::posenc_test::available_backends()), \
                           ::posenc_test::backend_name)

// ---------------------------------------------------------------- random inputs

inline std::vector<float> random_floats(std::mt19937& rng, std::size_t n, float lo = -1.0f, float hi = 1.0f) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}

inline std::vector<float> random_normal(std::mt19937& rng, std::size_t n, float scale = 1.0f) {
  std::normal_distribution<float> dist(0.0f, scale);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}

inline std::size_t random_size(std::mt19937& rng, std::size_t lo, std::size_t hi) {
  return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
}

inline std::int64_t random_int(std::mt19937& rng, std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
}

// ---------------------------------------------------------------- error measures

inline double norm(const float* x, std::size_t n) {
  double s = 0;
  for (std::size_t i = 0; i < n; ++i) s += double(x[i]) * double(x[i]);
  return std::sqrt(s);
}

inline double dot(const float* a, const float* b, std::size_t n) {
  double s = 0;
  for (std::size_t i = 0; i < n; ++i) s += double(a[i]) * double(b[i]);
  return s;
}

// max |got[i] - want[i]| (NaN anywhere counts as infinite error).
template <class A, class B>
double max_abs_error(const A& got, const B& want) {
  if (got.size() != want.size()) return INFINITY;
  double m = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    double e = std::fabs(double(got[i]) - double(want[i]));
    if (!(e <= m)) m = std::isnan(e) ? INFINITY : e;
  }
  return m;
}

// ---------------------------------------------------------------- errors

inline bool is_digitish(char c) { return (c >= '0' && c <= '9') || c == '.' || c == 'e'; }

// `token` occurs in `text` not glued to further digits (so "1" does not match "16").
inline bool contains_token(const std::string& text, const std::string& token) {
  for (std::size_t at = text.find(token); at != std::string::npos; at = text.find(token, at + 1)) {
    bool left_ok = at == 0 || !(text[at - 1] >= '0' && text[at - 1] <= '9');
    std::size_t end = at + token.size();
    bool right_ok = end >= text.size() || !is_digitish(text[end]) ||
                    (text[end] == '.' && (end + 1 >= text.size() || !is_digitish(text[end + 1])));
    if (left_ok && right_ok) return true;
  }
  return false;
}

// f() must throw posenc::invalid_argument whose parameter() is one of `params` (any
// non-empty name when the list is empty), whose what() opens with that name, and,
// unless `value` is empty, shows `value` as a token.
template <class F>
::testing::AssertionResult throws_invalid(F&& f, std::initializer_list<const char*> params, const std::string& value) {
  try {
    f();
  } catch (const posenc::invalid_argument& e) {
    const std::string what = e.what();
    const std::string& p = e.parameter();
    bool name_ok = params.size() == 0 ? !p.empty() : false;
    for (const char* want : params) name_ok = name_ok || p == want;
    if (!name_ok) {
      auto r = ::testing::AssertionFailure() << "parameter() is \"" << p << "\", expected one of {";
      for (const char* want : params) r << " \"" << want << "\"";
      return r << " }; what(): " << what;
    }
    // error.hpp: "<name> must be <requirement>, got <value>"; size limits read
    // "<what> needs N elements, ...". Either way the message opens with the name.
    if (what.compare(0, p.size() + 1, p + " ") != 0)
      return ::testing::AssertionFailure() << "what() does not open with the parameter \"" << p << "\": " << what;
    if (!value.empty() && !contains_token(what, value))
      return ::testing::AssertionFailure() << "what() does not show the bad value \"" << value << "\": " << what;
    return ::testing::AssertionSuccess() << "threw: " << what;
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "threw " << typeid(e).name()
                                         << " instead of posenc::invalid_argument: " << e.what();
  } catch (...) {
    return ::testing::AssertionFailure() << "threw a non-std exception";
  }
  return ::testing::AssertionFailure() << "did not throw";
}

template <class F>
::testing::AssertionResult throws_invalid(F&& f, const char* param, const std::string& value) {
  return throws_invalid(std::forward<F>(f), {param}, value);
}

}  // namespace posenc_test
