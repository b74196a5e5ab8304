// Beyond the article: relative schemes that add a bias to the attention logits instead of
// encoding positions in the vectors.
//
// ALiBi (Press et al., "Train short, test long"): head h adds -slope_h * |i - j|. For n heads,
// n a power of two, slope_h = 2^(-max_bias * h / n), h = 1..n; for other counts, the rule of
// the paper's code and Hugging Face Bloom's build_alibi_tensor: the n' slopes of the closest
// power of two n' < n, then the odd-indexed ones 2^(-max_bias * (2k - 1) / (2n')) of the 2n'
// sequence, k = 1..n - n'.
//
// T5 (Raffel et al.): a learned scalar per bucket of the relative position j - i (key minus
// query), as Hugging Face's T5Attention._relative_position_bucket: half the buckets for each
// sign when bidirectional, exact buckets below max_exact = num_buckets/2, then logarithmic up
// to max_distance, the last bucket beyond.
//
// DeBERTa v2/v3 (an addition): make_log_bucket_position of the relative position i - j (query
// minus key), as Hugging Face's DeBERTa-v2: exact within +-bucket_size/2, then logarithmic so
// that max_position - 1 maps to bucket_size - 1.
//
// Both bucket functions evaluate their logarithms in float32 as the torch code does, so that
// distances on a bucket boundary (j - i = 64 for T5's defaults) land where they land there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "posenc/positions.hpp"

namespace posenc {

// Head counts of ALiBi and bucket counts of T5.
inline constexpr std::int64_t max_heads = 65536;

struct alibi_slopes_options {
  std::size_t heads = 0;
  double max_bias = 8.0;
};

template <class Field>
void for_each_field(alibi_slopes_options& o, Field&& field) {
  field("heads", o.heads, presence::required, integer_range{1, max_heads});
  field("maxBias", o.max_bias);
}

struct alibi_bias_options {
  query_key_lengths lengths;
  double slope = 0;
  bool causal = false;
};

template <class Field>
void for_each_field(alibi_bias_options& o, Field&& field) {
  for_each_field(o.lengths, field);
  field("slope", o.slope, presence::required);
  field("causal", o.causal);
}

struct t5_bucket_options {
  query_key_lengths lengths;
  std::int64_t num_buckets = 32, max_distance = 128;
  bool bidirectional = true;
};

template <class Field>
void for_each_field(t5_bucket_options& o, Field&& field) {
  for_each_field(o.lengths, field);
  field("numBuckets", o.num_buckets, presence::optional, integer_range{1, max_heads});
  field("maxDistance", o.max_distance, presence::optional, integer_range{1, position_limit - 1});
  field("bidirectional", o.bidirectional);
}

struct deberta_bucket_options {
  query_key_lengths lengths;
  std::int64_t bucket_size = 0, max_position = 0;
};

template <class Field>
void for_each_field(deberta_bucket_options& o, Field&& field) {
  for_each_field(o.lengths, field);
  field("bucketSize", o.bucket_size, presence::required, integer_range{2, position_limit - 1});
  field("maxPosition", o.max_position, presence::required, integer_range{1, position_limit - 1});
}

// heads in [1, 65536], max_bias finite and > 0. Slopes in double.
std::vector<double> alibi_slopes(std::size_t heads, double max_bias = 8.0);

// [query_len x key_len] (each in [0, 2^24], product <= 2^26): -slope * |i - j| (0 on the
// diagonal), and -infinity where j > i when causal. slope finite and >= 0.
std::vector<float> alibi_bias(std::size_t query_len, std::size_t key_len, double slope, bool causal = false);

// T5's bucket of one relative position (key j minus query i). num_buckets in [2, 65536] (>= 4
// when bidirectional), max_distance an integer > max_exact (num_buckets/4 bidirectional,
// num_buckets/2 otherwise) and < 2^24.
std::int32_t t5_bucket(std::int64_t relative_position, bool bidirectional = true, std::int64_t num_buckets = 32,
                       std::int64_t max_distance = 128);
// [query_len x key_len] of t5_bucket(j - i).
std::vector<std::int32_t> t5_buckets(std::size_t query_len, std::size_t key_len, std::int64_t num_buckets = 32,
                                     std::int64_t max_distance = 128, bool bidirectional = true);

// DeBERTa's make_log_bucket_position of one relative position (query i minus key j).
// bucket_size in [2, 2^24), max_position an integer in (bucket_size/2 + 1, 2^24).
std::int32_t deberta_log_bucket(std::int64_t relative_position, std::int64_t bucket_size, std::int64_t max_position);
// [query_len x key_len] of deberta_log_bucket(i - j) (DeBERTa's build_relative_position).
std::vector<std::int32_t> deberta_log_buckets(std::size_t query_len, std::size_t key_len, std::int64_t bucket_size,
                                              std::int64_t max_position);

}  // namespace posenc
