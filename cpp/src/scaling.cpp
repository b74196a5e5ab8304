#include "posenc/scaling.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "checks.hpp"
#include "posenc/error.hpp"

namespace posenc {

namespace {

constexpr std::size_t core_type_count = std::size_t(rope_type::llama3) + 1;

// The core's names by rope_type value, taken from rope_types when compiling: the module keeps these
// and not the rest of the table (the embed is within bytes of its size budget).
constexpr std::array<const char*, core_type_count> core_names = [] {
  std::array<const char*, core_type_count> names{};
  for (const rope_type_info& t : rope_types) {
    if (t.accepted_by(rope_surface::core)) names[std::size_t(t.type)] = t.name;
  }
  return names;
}();

}  // namespace

std::string rope_type_names(unsigned surfaces) {
  std::vector<const char*> names;
  for (const rope_type_info& t : rope_types) {
    if (t.accepted_by(surfaces)) names.push_back(t.name);
  }
  return quoted_list(names);
}

rope_type parse_rope_type(const std::string& name) {
  for (std::size_t i = 0; i < core_type_count; ++i) {
    if (name == core_names[i]) return rope_type(i);
  }
  fail("rope_type", quoted_list(core_names), "'" + name + "'");
}

const char* to_string(rope_type t) { return core_names[std::size_t(t)]; }

namespace {

constexpr double two_pi = 6.283185307179586476925286766559;
// The name of field `name` in messages: as the caller read it (`names`), else "scaling.<name>".
struct field_namer {
  const scaling_field_names& names;

  std::string operator()(const char* name) const {
    for (const auto& n : names) {
      if (n.first == name) return n.second;
    }
    return std::string("scaling.") + name;
  }
};

std::string for_type(rope_type t) { return std::string(" (required for rope_type '") + to_string(t) + "')"; }

[[noreturn]] void missing(const field_namer& field, const char* name, rope_type t) {
  fail_missing(field(name), "given" + for_type(t));
}

// An optional positive factor: finite and > 0 when present; required fields must be present.
void positive(const field_namer& field, const char* name, const std::optional<double>& v, rope_type t, bool required) {
  if (!v) {
    if (required) missing(field, name, t);
    return;
  }
  if (!std::isfinite(*v) || !(*v > 0)) fail(field(name), "a finite number > 0", *v);
}

// mscale and mscale_all_dim: finite and >= 0 (0 counts as absent, as Python's truthiness does in HF).
void non_negative(const field_namer& field, const char* name, const std::optional<double>& v) {
  if (v && (!std::isfinite(*v) || !(*v >= 0))) fail(field(name), "a finite number >= 0", *v);
}

// A context length: an integer in [2, 2^31 - 1].
void length(const field_namer& field, const char* name, const std::optional<double>& v) {
  if (v) checked_integer(field(name), *v, 2, max_seq_len);
}

void factors(const field_namer& field, const char* name, const std::vector<double>& list, rope_type t,
             std::size_t dim) {
  if (list.empty()) missing(field, name, t);
  if (dim > 0 && list.size() != dim / 2) {
    fail(field(name) + ".length", "dim / 2 = " + std::to_string(dim / 2), double(list.size()));
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!std::isfinite(list[i]) || !(list[i] > 0)) {
      fail(field(name) + "[" + std::to_string(i) + "]", "a finite number > 0", list[i]);
    }
  }
}

// original_max_position_embeddings, falling back on max_position_embeddings as HF does.
double original_length(const rope_scaling& s) {
  return s.original_max_position_embeddings ? *s.original_max_position_embeddings : *s.max_position_embeddings;
}

// theta_i = base^(-2i/dim) without argument checks (base may be any positive number here).
std::vector<double> plain_theta(std::size_t dim, double base) {
  std::vector<double> theta(dim / 2);
  for (std::size_t i = 0; i < theta.size(); ++i) theta[i] = std::pow(base, -2.0 * double(i) / double(dim));
  return theta;
}

// longrope's factor: `factor` when given (transformers >= 4.57: the explicit factor wins), else
// max_position_embeddings / original_max_position_embeddings when both are given (Phi-3 keeps them
// outside rope_scaling), else 1.
double longrope_factor(const rope_scaling& s) {
  if (s.factor) return *s.factor;
  if (s.original_max_position_embeddings && s.max_position_embeddings) {
    return *s.max_position_embeddings / *s.original_max_position_embeddings;
  }
  return 1.0;
}

// yarn's factor: `factor`, else (a null factor in transformers) max_position_embeddings /
// original_max_position_embeddings; check_scaling makes sure one of the two is there.
double yarn_factor(const rope_scaling& s) {
  return s.factor ? *s.factor : *s.max_position_embeddings / *s.original_max_position_embeddings;
}

}  // namespace

double get_mscale(double scale, double mscale) { return scale <= 1.0 ? 1.0 : 0.1 * mscale * std::log(scale) + 1.0; }

void check_scaling(const rope_scaling& s, std::size_t dim, std::int64_t seq_len, const scaling_field_names& names) {
  if (seq_len < 0 || seq_len > max_seq_len) fail("seqLen", integer_in(0, max_seq_len), double(seq_len));
  const field_namer field{names};
  const rope_type t = s.type;
  length(field, "original_max_position_embeddings", s.original_max_position_embeddings);
  length(field, "max_position_embeddings", s.max_position_embeddings);
  switch (t) {
    case rope_type::default_:
      return;
    case rope_type::linear:
      positive(field, "factor", s.factor, t, true);
      return;
    case rope_type::ntk:
    case rope_type::dynamic:
      positive(field, "factor", s.factor, t, true);
      if (t == rope_type::dynamic && !s.max_position_embeddings && !s.original_max_position_embeddings) {
        missing(field, "max_position_embeddings", t);
      }
      if (dim > 0 && dim < 4) {
        fail("dim",
             "an even integer in [4, " + std::to_string(max_dim) + "] for rope_type '" + to_string(t) +
                 "' (its base grows as factor^(d/(d-2)))",
             double(dim));
      }
      return;
    case rope_type::yarn:
      // Without a factor, transformers derives it from the two lengths.
      positive(field, "factor", s.factor, t, !(s.max_position_embeddings && s.original_max_position_embeddings));
      if (!s.original_max_position_embeddings && !s.max_position_embeddings) {
        missing(field, "original_max_position_embeddings", t);
      }
      positive(field, "beta_fast", s.beta_fast, t, false);
      positive(field, "beta_slow", s.beta_slow, t, false);
      positive(field, "attention_factor", s.attention_factor, t, false);
      non_negative(field, "mscale", s.mscale);
      non_negative(field, "mscale_all_dim", s.mscale_all_dim);
      return;
    case rope_type::longrope:
      factors(field, "short_factor", s.short_factor, t, dim);
      factors(field, "long_factor", s.long_factor, t, dim);
      if (!s.original_max_position_embeddings && !s.max_position_embeddings) {
        missing(field, "original_max_position_embeddings", t);
      }
      positive(field, "factor", s.factor, t, false);
      positive(field, "attention_factor", s.attention_factor, t, false);
      return;
    case rope_type::llama3:
      positive(field, "factor", s.factor, t, true);
      positive(field, "low_freq_factor", s.low_freq_factor, t, true);
      positive(field, "high_freq_factor", s.high_freq_factor, t, true);
      if (!s.original_max_position_embeddings) missing(field, "original_max_position_embeddings", t);
      if (!(*s.high_freq_factor > *s.low_freq_factor)) {
        fail(field("high_freq_factor"), "> " + field("low_freq_factor") + " = " + format_number(*s.low_freq_factor),
             *s.high_freq_factor);
      }
      return;
  }
}

std::vector<double> rope_frequencies(std::size_t dim, double base, const rope_scaling& s, std::int64_t seq_len) {
  checks::dim(dim, true);
  checks::base(base);
  check_scaling(s, dim, seq_len);
  const double d = double(dim);
  switch (s.type) {
    case rope_type::default_:
      return plain_theta(dim, base);
    case rope_type::linear: {
      std::vector<double> theta = plain_theta(dim, base);
      for (double& t : theta) t /= *s.factor;
      return theta;
    }
    case rope_type::ntk:
      return plain_theta(dim, base * std::pow(*s.factor, d / (d - 2.0)));
    case rope_type::dynamic: {
      const double m = s.max_position_embeddings ? *s.max_position_embeddings : *s.original_max_position_embeddings;
      const double l = std::max(double(seq_len), m);
      const double f = *s.factor;
      return plain_theta(dim, base * std::pow(f * l / m - (f - 1.0), d / (d - 2.0)));
    }
    case rope_type::yarn: {
      const double f = yarn_factor(s), original = original_length(s);
      const double beta_fast = s.beta_fast.value_or(32.0), beta_slow = s.beta_slow.value_or(1.0);
      // The pair index at which a wavelength makes `rotations` turns within the original length.
      auto correction_dim = [&](double rotations) {
        return d * std::log(original / (rotations * two_pi)) / (2.0 * std::log(base));
      };
      double low = correction_dim(beta_fast), high = correction_dim(beta_slow);
      if (s.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
      }
      low = std::max(low, 0.0);
      high = std::min(high, d - 1.0);
      if (low == high) high += 0.001;  // as HF: no division by zero
      std::vector<double> theta = plain_theta(dim, base);
      for (std::size_t i = 0; i < theta.size(); ++i) {
        const double ramp = std::clamp((double(i) - low) / (high - low), 0.0, 1.0);
        const double extrapolation = 1.0 - ramp;  // 1: keep theta_i, 0: theta_i / factor
        theta[i] = theta[i] / f * (1.0 - extrapolation) + theta[i] * extrapolation;
      }
      return theta;
    }
    case rope_type::longrope: {
      const bool long_context = seq_len > 0 && double(seq_len) > original_length(s);
      const std::vector<double>& ext = long_context ? s.long_factor : s.short_factor;
      std::vector<double> theta = plain_theta(dim, base);
      for (std::size_t i = 0; i < theta.size(); ++i) theta[i] /= ext[i];
      return theta;
    }
    case rope_type::llama3: {
      const double f = *s.factor, low = *s.low_freq_factor, high = *s.high_freq_factor;
      const double original = *s.original_max_position_embeddings;
      const double low_freq_wavelength = original / low, high_freq_wavelength = original / high;
      std::vector<double> theta = plain_theta(dim, base);
      for (double& t : theta) {
        const double wavelength = two_pi / t;
        if (wavelength > low_freq_wavelength) {
          t /= f;  // low frequencies: interpolated
        } else if (!(wavelength < high_freq_wavelength)) {
          const double smooth = (original / wavelength - low) / (high - low);
          t = (1.0 - smooth) * t / f + smooth * t;
        }  // high frequencies: unchanged
      }
      return theta;
    }
  }
  return plain_theta(dim, base);
}

double rope_attention_factor(const rope_scaling& s, std::int64_t seq_len) {
  check_scaling(s, 0, seq_len);
  switch (s.type) {
    case rope_type::yarn: {
      if (s.attention_factor) return *s.attention_factor;
      const double f = yarn_factor(s);
      const double mscale = s.mscale.value_or(0.0), mscale_all_dim = s.mscale_all_dim.value_or(0.0);
      if (mscale != 0 && mscale_all_dim != 0) return get_mscale(f, mscale) / get_mscale(f, mscale_all_dim);
      return get_mscale(f);
    }
    case rope_type::longrope: {
      if (s.attention_factor) return *s.attention_factor;
      const double f = longrope_factor(s);
      if (f <= 1.0) return 1.0;
      return std::sqrt(1.0 + std::log(f) / std::log(original_length(s)));
    }
    default:
      return 1.0;
  }
}

}  // namespace posenc
