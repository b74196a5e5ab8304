// libFuzzer target over every encoder: random bytes become a function, its shape,
// options and data; each call runs on the SIMD and the scalar kernels and must give the
// same error or the same numbers (as simdjson fuzzes its implementations against each other).
#include <limits>

#include "fuzz_support.hpp"

using fuzz::cross_check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const int which = in.ConsumeIntegralInRange(0, 10);
  const std::size_t dim = fuzz::size_value(in, 80);
  const double base = fuzz::base_value(in);
  const posenc::layout pairs = in.ConsumeBool() ? posenc::layout::half : posenc::layout::interleaved;

  switch (which) {
    case 0: {  // sinusoidal table for positions 0..n-1
      const std::size_t n = fuzz::size_value(in, 64);
      if (double(n) * double(dim) > fuzz::big_but_valid && double(n) * double(dim) <= double(posenc::max_elements) &&
          n <= std::size_t(posenc::position_limit))
        return 0;
      cross_check("sinusoidal", [&] { return posenc::sinusoidal(n, dim, base, pairs); });
      break;
    }
    case 1: {  // sinusoidal at explicit positions
      const auto p = fuzz::positions(in, in.ConsumeIntegralInRange<std::size_t>(0, 16));
      if (dim > 4096) return 0;
      cross_check("sinusoidal_at", [&] { return posenc::sinusoidal_at(p.data(), p.size(), dim, base, pairs); });
      break;
    }
    case 2: {  // learned table and its lookup
      const std::size_t max_len = fuzz::size_value(in, 64);
      const double std = in.ConsumeBool() ? in.ConsumeFloatingPoint<double>() : 0.02;
      const auto p = fuzz::positions(in, in.ConsumeIntegralInRange<std::size_t>(0, 8));
      if (double(max_len) * double(dim) > fuzz::big_but_valid &&
          double(max_len) * double(dim) <= double(posenc::max_elements))
        return 0;
      cross_check("learned_encode", [&] { return posenc::learned_encode(max_len, dim, 7, std, p.data(), p.size()); });
      cross_check("learned_table",
                  [&] { return posenc::learned_table(max_len, dim, 7, std).encode(p.data(), p.size()); });
      break;
    }
    case 3: {  // clipped distances
      const std::size_t n = fuzz::size_value(in, 64), m = fuzz::size_value(in, 64);
      const std::int64_t lo = in.ConsumeIntegralInRange<std::int64_t>(-40, 40),
                         hi = lo + in.ConsumeIntegralInRange(-2, 40);
      if (double(n) * double(m) > fuzz::big_but_valid && double(n) * double(m) <= double(posenc::max_elements))
        return 0;
      cross_check("relative_distance", [&] { return posenc::relative_distance(n, m, lo, hi); });
      break;
    }
    case 4: {  // DeBERTa disentangled scores
      const std::int64_t lo = in.ConsumeIntegralInRange<std::int64_t>(-20, 5),
                         hi = lo + in.ConsumeIntegralInRange(-1, 20);
      const std::size_t d = in.ConsumeIntegralInRange<std::size_t>(0, 40);
      const auto q = fuzz::values(in, in.ConsumeIntegralInRange<std::size_t>(0, 200));
      const auto k = fuzz::values(in, in.ConsumeIntegralInRange<std::size_t>(0, 200));
      const bool scale = in.ConsumeBool();
      cross_check("relative_scores", [&] {
        return posenc::relative_table(lo, hi, d, 3).scores(q.data(), q.size(), k.data(), k.size(), scale).total;
      });
      break;
    }
    case 5:
    case 6:
    case 7: {  // RoPE in place: offset, explicit positions, cache
      posenc::rope_options o;
      o.dim = dim;
      o.heads = fuzz::size_value(in, 4);
      o.base = base;
      o.pairs = pairs;
      o.rotary_dim = in.ConsumeBool() ? 0 : fuzz::size_value(in, 80);
      const std::size_t length =
          in.ConsumeBool() ? fuzz::size_value(in, 1024) : o.dim * o.heads * in.ConsumeIntegralInRange(0, 6);
      if (length > 4096 * 4) return 0;
      const auto x = fuzz::values(in, length);
      if (which == 5) {
        const std::int64_t offset = fuzz::position_value(in);
        cross_check("rope_apply(offset)", [&] {
          auto y = x;
          posenc::rope_apply(y.data(), y.size(), o, offset);
          return y;
        });
      } else if (which == 6) {
        const auto p = fuzz::positions(in, in.ConsumeIntegralInRange<std::size_t>(0, 40));
        cross_check("rope_apply(positions)", [&] {
          auto y = x;
          posenc::rope_apply(y.data(), y.size(), o, p.data(), p.size());
          return y;
        });
      } else {
        const std::int64_t first = fuzz::position_value(in);
        const std::size_t count = fuzz::size_value(in, 64);
        const std::int64_t shift = in.ConsumeIntegralInRange(-2, 8);
        const bool extreme = first < std::numeric_limits<std::int64_t>::min() + 2 ||
                             first > std::numeric_limits<std::int64_t>::max() - 8;
        const std::int64_t offset = extreme ? first : first + shift;
        const double cached = double(count) * double(o.rotary_dim ? o.rotary_dim : dim) / 2;  // what the cache holds
        if (cached > fuzz::big_but_valid && cached <= double(posenc::max_elements)) return 0;
        cross_check("rope_cache", [&] {
          const posenc::rope_cache cache(o, first, count);
          auto y = x;
          cache.apply(y.data(), y.size(), offset);
          return y;
        });
      }
      break;
    }
    case 8: {  // matrix and complex forms
      const std::int64_t position = fuzz::position_value(in);
      if (dim > 512) {
        if (dim <= 8192) return 0;
        cross_check("rope_matrix", [&] { return posenc::rope_matrix(position, dim, base); });
        return 0;
      }
      const auto x = fuzz::values(in, dim);
      cross_check("rope_matrix", [&] { return posenc::rope_matrix(position, dim, base); });
      cross_check("rope_complex_form", [&] { return posenc::rope_complex_form(x.data(), dim, position, base); });
      break;
    }
    case 9: {  // score by distance and the decay bound
      const std::int64_t distance =
          in.ConsumeBool() ? in.ConsumeIntegralInRange<std::int64_t>(-2, 300) : fuzz::position_value(in);
      if (dim > 1024) return 0;
      if ((double(distance) + 1) * double(dim / 2) > fuzz::big_but_valid &&
          (double(distance) + 1) * double(dim / 2) <= double(posenc::max_elements))
        return 0;
      const auto q = fuzz::values(in, dim), k = fuzz::values(in, dim);
      cross_check("rope_score_by_distance",
                  [&] { return posenc::rope_score_by_distance(q.data(), k.data(), dim, base, distance); });
      cross_check("rope_decay_bound", [&] { return posenc::rope_decay_bound(dim, base, distance); });
      break;
    }
    case 10: {  // attention logits under each encoding
      posenc::attention_options o;
      o.dim = in.ConsumeIntegralInRange<std::size_t>(0, 40);
      o.kind = in.PickValueInArray({posenc::encoding::none, posenc::encoding::sinusoidal, posenc::encoding::learned,
                                    posenc::encoding::rope, posenc::encoding::relative});
      o.base = base;
      o.scale = in.ConsumeBool();
      o.max_len = fuzz::size_value(in, 16);
      o.min = in.ConsumeIntegralInRange<std::int64_t>(-10, 2);
      o.max = *o.min + in.ConsumeIntegralInRange(-1, 10);
      o.pairs = pairs;
      const auto q = fuzz::values(in, in.ConsumeIntegralInRange<std::size_t>(0, 300));
      const auto k = fuzz::values(in, in.ConsumeIntegralInRange<std::size_t>(0, 300));
      cross_check("attention_scores",
                  [&] { return posenc::attention_scores(q.data(), q.size(), k.data(), k.size(), o); });
      break;
    }
  }
  return 0;
}
