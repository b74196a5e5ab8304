#include "posenc/bias.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "checks.hpp"
#include "posenc/error.hpp"

namespace posenc {
namespace {

// ln x rounded to float32: torch's float32 log (correctly rounded but in rare cases).
float log_float(float x) { return static_cast<float>(std::log(static_cast<double>(x))); }

void check_lengths(std::size_t query_len, std::size_t key_len) {
  if (query_len > std::size_t(position_limit)) fail("queryLen", integer_in(0, position_limit), double(query_len));
  if (key_len > std::size_t(position_limit)) fail("keyLen", integer_in(0, position_limit), double(key_len));
  checked_elements("queryLen * keyLen", query_len, key_len);
}

void check_t5(std::int64_t num_buckets, std::int64_t max_distance, bool bidirectional) {
  const std::int64_t lowest = bidirectional ? 4 : 2;
  if (num_buckets < lowest || num_buckets > 65536) {
    fail("numBuckets",
         "an integer in [" + std::to_string(lowest) + ", " + std::to_string(max_heads) + "]" +
             (bidirectional ? " when bidirectional" : ""),
         double(num_buckets));
  }
  const std::int64_t max_exact = (bidirectional ? num_buckets / 2 : num_buckets) / 2;
  if (max_distance <= max_exact || max_distance >= position_limit) {
    fail("maxDistance",
         "an integer in [" + std::to_string(max_exact + 1) + ", " + std::to_string(position_limit - 1) +
             "] (above the " + std::to_string(max_exact) + " exact buckets)",
         double(max_distance));
  }
}

void check_deberta(std::int64_t bucket_size, std::int64_t max_position) {
  if (bucket_size < 2 || bucket_size >= position_limit)
    fail("bucketSize", integer_in(2, position_limit - 1), double(bucket_size));
  const std::int64_t mid = bucket_size / 2;
  if (max_position <= mid + 1 || max_position >= position_limit) {
    fail("maxPosition",
         "an integer in [" + std::to_string(mid + 2) + ", " + std::to_string(position_limit - 1) +
             "] (bucketSize / 2 + 2 or more)",
         double(max_position));
  }
}

std::int32_t t5_unchecked(std::int64_t relative_position, bool bidirectional, std::int64_t num_buckets,
                          std::int64_t max_distance) {
  std::int64_t bucket = 0;
  std::int64_t n = num_buckets;
  std::int64_t distance;
  if (bidirectional) {
    n /= 2;
    if (relative_position > 0) bucket += n;
    distance = relative_position < 0 ? -relative_position : relative_position;
  } else {
    distance = relative_position < 0 ? -relative_position : 0;  // -min(rp, 0): only the past counts
  }
  const std::int64_t max_exact = n / 2;
  if (distance < max_exact) return static_cast<std::int32_t>(bucket + distance);
  // log(distance / max_exact) / log(max_distance / max_exact) * (n - max_exact), in float32 as torch does
  // (the divisor is Python's double math.log, rounded to float32 when it meets the float32 tensor).
  const float ratio = static_cast<float>(distance) / static_cast<float>(max_exact);
  const float scale = static_cast<float>(std::log(double(max_distance) / double(max_exact)));
  const float value = log_float(ratio) / scale * static_cast<float>(n - max_exact);
  const std::int64_t large = std::min<std::int64_t>(max_exact + static_cast<std::int64_t>(value), n - 1);
  return static_cast<std::int32_t>(bucket + large);
}

std::int32_t deberta_unchecked(std::int64_t relative_position, std::int64_t bucket_size, std::int64_t max_position) {
  const std::int64_t mid = bucket_size / 2;
  const std::int64_t abs_pos = (relative_position < mid && relative_position > -mid)
                                   ? mid - 1
                                   : (relative_position < 0 ? -relative_position : relative_position);
  if (abs_pos <= mid) return static_cast<std::int32_t>(relative_position);
  // ceil(log(abs_pos / mid) / log((max_position - 1) / mid) * (mid - 1)) + mid, in float32 as torch does.
  const float ratio = static_cast<float>(abs_pos) / static_cast<float>(mid);
  const float span = log_float(static_cast<float>(double(max_position - 1) / double(mid)));
  const float log_pos = std::ceil(log_float(ratio) / span * static_cast<float>(mid - 1)) + static_cast<float>(mid);
  const float sign = relative_position > 0 ? 1.0f : -1.0f;
  return static_cast<std::int32_t>(log_pos * sign);
}

}  // namespace

std::vector<double> alibi_slopes(std::size_t heads, double max_bias) {
  if (heads < 1 || heads > std::size_t(max_heads)) fail("heads", integer_in(1, max_heads), double(heads));
  if (!std::isfinite(max_bias) || !(max_bias > 0)) fail("maxBias", "a finite number > 0", max_bias);
  std::size_t closest = 1;  // the largest power of two <= heads
  while (closest * 2 <= heads) closest *= 2;
  std::vector<double> slopes;
  slopes.reserve(heads);
  for (std::size_t h = 1; h <= closest; ++h) slopes.push_back(std::exp2(-max_bias * double(h) / double(closest)));
  // The rest: slopes 1, 3, 5, ... of the sequence for 2 * closest heads.
  for (std::size_t k = 1; slopes.size() < heads; ++k) {
    slopes.push_back(std::exp2(-max_bias * double(2 * k - 1) / double(2 * closest)));
  }
  return slopes;
}

std::vector<float> alibi_bias(std::size_t query_len, std::size_t key_len, double slope, bool causal) {
  check_lengths(query_len, key_len);
  if (!std::isfinite(slope) || !(slope >= 0)) fail("slope", "a finite number >= 0", slope);
  std::vector<float> out(query_len * key_len);
  for (std::size_t i = 0; i < query_len; ++i) {
    for (std::size_t j = 0; j < key_len; ++j) {
      float& v = out[i * key_len + j];
      if (causal && j > i) {
        v = -std::numeric_limits<float>::infinity();
      } else {
        const double distance = i > j ? double(i - j) : double(j - i);
        v = distance == 0 ? 0.0f : static_cast<float>(-slope * distance);
      }
    }
  }
  return out;
}

std::int32_t t5_bucket(std::int64_t relative_position, bool bidirectional, std::int64_t num_buckets,
                       std::int64_t max_distance) {
  check_t5(num_buckets, max_distance, bidirectional);
  if (relative_position <= -position_limit || relative_position >= position_limit) {
    fail("relativePosition", integer_in(-(position_limit - 1), position_limit - 1), double(relative_position));
  }
  return t5_unchecked(relative_position, bidirectional, num_buckets, max_distance);
}

std::vector<std::int32_t> t5_buckets(std::size_t query_len, std::size_t key_len, std::int64_t num_buckets,
                                     std::int64_t max_distance, bool bidirectional) {
  check_lengths(query_len, key_len);
  check_t5(num_buckets, max_distance, bidirectional);
  std::vector<std::int32_t> out(query_len * key_len);
  for (std::size_t i = 0; i < query_len; ++i)
    for (std::size_t j = 0; j < key_len; ++j)
      out[i * key_len + j] = t5_unchecked(std::int64_t(j) - std::int64_t(i), bidirectional, num_buckets, max_distance);
  return out;
}

std::int32_t deberta_log_bucket(std::int64_t relative_position, std::int64_t bucket_size, std::int64_t max_position) {
  check_deberta(bucket_size, max_position);
  if (relative_position <= -position_limit || relative_position >= position_limit) {
    fail("relativePosition", integer_in(-(position_limit - 1), position_limit - 1), double(relative_position));
  }
  return deberta_unchecked(relative_position, bucket_size, max_position);
}

std::vector<std::int32_t> deberta_log_buckets(std::size_t query_len, std::size_t key_len, std::int64_t bucket_size,
                                              std::int64_t max_position) {
  check_lengths(query_len, key_len);
  check_deberta(bucket_size, max_position);
  std::vector<std::int32_t> out(query_len * key_len);
  for (std::size_t i = 0; i < query_len; ++i)
    for (std::size_t j = 0; j < key_len; ++j)
      out[i * key_len + j] = deberta_unchecked(std::int64_t(i) - std::int64_t(j), bucket_size, max_position);
  return out;
}

}  // namespace posenc
