// The only file that knows JavaScript exists: converts JS values to C++ arguments,
// calls the core, and converts results to JS-owned typed arrays. No math here.
//
// Every compute function returns its result or, for bad input, a RangeError/TypeError
// *object* (never throws through wasm): throwing across the boundary would leak the C++
// exception and could leave the instance in a bad state; the JS wrapper rethrows it.
// Numbers arrive as doubles so that the core, not a silent Embind cast, judges 7.5,
// NaN or 2^40 and names the parameter in its message.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "posenc/posenc.hpp"

using emscripten::val;

namespace {

val js_error(const char* type, const std::string& message) { return val::global(type).new_(val(message)); }

template <class F>
val guarded(F&& compute) {
  try {
    return compute();
  } catch (const posenc::invalid_argument& e) {
    return js_error("RangeError", e.what());
  } catch (const std::bad_alloc&) {
    return js_error("RangeError", "out of memory: the request does not fit in the wasm heap (at most 2 GiB)");
  } catch (const std::exception& e) {
    return js_error("Error", e.what());
  }
}

// ---- JS -> C++ ------------------------------------------------------------------
std::int64_t integer(const char* name, double v, std::int64_t lo, std::int64_t hi) {
  return posenc::checked_integer(name, v, lo, hi);
}
std::size_t dim_of(double v, const char* name = "dim") { return std::size_t(integer(name, v, 1, posenc::max_dim)); }
std::int64_t position_of(const char* name, double v) { return integer(name, v, 0, posenc::position_limit - 1); }
std::uint64_t seed_of(double v) { return std::uint64_t(integer("seed", v, 0, (std::int64_t{1} << 53) - 1)); }
std::int64_t clip_bound(const char* name, double v) {
  return integer(name, v, -(posenc::position_limit - 1), posenc::position_limit - 1);
}

std::size_t checked_length(const char* name, const val& array) {
  const double length = array["length"].as<double>();
  return std::size_t(integer((std::string(name) + ".length").c_str(), length, 0, std::int64_t(posenc::max_elements)));
}

// A vector whose elements start uninitialised: inputs are overwritten by the copy from
// JavaScript at once, so zero-filling them first would be a wasted pass over memory.
template <class T>
struct uninitialised : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = uninitialised<U>;
  };
  uninitialised() = default;
  template <class U>
  uninitialised(const uninitialised<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
};
using input_floats = std::vector<float, uninitialised<float>>;

// A copy of a JavaScript array (a Float32Array, or any array-like of numbers).
input_floats floats(const char* name, const val& array) {
  input_floats v(checked_length(name, array));  // the length is checked before allocating
  val(emscripten::typed_memory_view(v.size(), v.data())).call<void>("set", array);
  return v;
}

std::vector<std::int64_t> positions_of(const val& array) {
  checked_length("positions", array);
  const std::vector<double> values = emscripten::convertJSArrayToNumberVector<double>(array);
  std::vector<std::int64_t> positions(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    // The parameter's name is built only for a value that fails: building it for every position
    // cost as much as rotating the rows (4096 positions: ~2.4 ms of ~5).
    const double v = values[i];
    const bool valid = v >= 0 && v <= double(posenc::position_limit - 1) && v == std::floor(v);
    positions[i] = valid ? std::int64_t(v) : position_of(("positions[" + std::to_string(i) + "]").c_str(), v);
  }
  return positions;
}

// ---- C++ -> JS: copies, so no later call (or memory growth) can invalidate a result ----
template <class T, class Allocator>
val copy_out(const char* type, const std::vector<T, Allocator>& v) {
  val out = val::global(type).new_(v.size());
  out.call<void>("set", val(emscripten::typed_memory_view(v.size(), v.data())));
  return out;
}
val to_js(const std::vector<float>& v) { return copy_out("Float32Array", v); }
val to_js(const input_floats& v) { return copy_out("Float32Array", v); }
val to_js(const std::vector<std::int32_t>& v) { return copy_out("Int32Array", v); }
val to_js(const std::vector<double>& v) {
  return to_js(std::vector<float>(v.begin(), v.end()));  // the API returns float32 frequencies
}

// A block of wasm memory the caller fills through view() and rotates in place.
class wasm_buffer {
 public:
  explicit wasm_buffer(std::size_t length) : data_(length) {}
  std::size_t length() const { return data_.size(); }
  val view() { return val(emscripten::typed_memory_view(data_.size(), data_.data())); }
  std::vector<float>& data() { return data_; }

 private:
  std::vector<float> data_;
};

// A JS number field of a scaling object: absent when undefined or null. The JS layer has
// checked the types; the core checks the values.
void number_field(const val& s, const char* key, std::optional<double>& out) {
  const val v = s[key];
  if (!v.isUndefined() && !v.isNull()) out = v.as<double>();
}

void list_field(const val& s, const char* key, std::vector<double>& out) {
  const val v = s[key];
  if (v.isUndefined() || v.isNull()) return;
  checked_length((std::string("scaling.") + key).c_str(), v);
  out = emscripten::convertJSArrayToNumberVector<double>(v);
}

// Reads Hugging Face rope_parameters from a JS object ({ rope_type, factor, ... }).
posenc::rope_scaling scaling_of(const val& s) {
  posenc::rope_scaling r;
  r.type = posenc::parse_rope_type(s["rope_type"].as<std::string>());
  number_field(s, "factor", r.factor);
  number_field(s, "original_max_position_embeddings", r.original_max_position_embeddings);
  number_field(s, "max_position_embeddings", r.max_position_embeddings);
  number_field(s, "low_freq_factor", r.low_freq_factor);
  number_field(s, "high_freq_factor", r.high_freq_factor);
  number_field(s, "beta_fast", r.beta_fast);
  number_field(s, "beta_slow", r.beta_slow);
  number_field(s, "attention_factor", r.attention_factor);
  number_field(s, "mscale", r.mscale);
  number_field(s, "mscale_all_dim", r.mscale_all_dim);
  const val truncate = s["truncate"];
  if (!truncate.isUndefined() && !truncate.isNull()) r.truncate = truncate.as<bool>();
  list_field(s, "short_factor", r.short_factor);
  list_field(s, "long_factor", r.long_factor);
  return r;
}

std::int64_t seq_len_of(double v) { return integer("seqLen", v, 0, 2147483647); }

posenc::rope_options rope_options_of(double dim, double heads, double base, const std::string& layout,
                                     double rotary_dim, const val& scaling, double seq_len) {
  posenc::rope_options o;
  o.dim = dim_of(dim);
  o.heads = std::size_t(integer("heads", heads, 1, std::int64_t(posenc::max_elements)));
  o.base = base;
  o.pairs = posenc::parse_layout(layout);
  o.rotary_dim = dim_of(rotary_dim, "rotaryDim");
  if (!scaling.isNull() && !scaling.isUndefined()) o.scaling = scaling_of(scaling);
  o.seq_len = seq_len_of(seq_len);
  return o;
}

// Rotates `x` in place with either `positions` (an array) or `offset` (positions null).
template <class Floats>
void rotate(Floats& x, const posenc::rope_options& o, double offset, const val& positions) {
  if (positions.isNull() || positions.isUndefined()) {
    posenc::rope_apply(x.data(), x.size(), o, position_of("offset", offset));
  } else {
    const auto p = positions_of(positions);
    posenc::rope_apply(x.data(), x.size(), o, p.data(), p.size());
  }
}

// ---- the exported functions ------------------------------------------------------
val sinusoidal(double count, double dim, double base, std::string layout) {
  return guarded([&] {
    const auto n = std::size_t(integer("positions", count, 0, posenc::position_limit));
    return to_js(posenc::sinusoidal(n, dim_of(dim), base, posenc::parse_layout(layout)));
  });
}

val sinusoidal_at(val positions, double dim, double base, std::string layout) {
  return guarded([&] {
    const auto d = dim_of(dim);
    const auto l = posenc::parse_layout(layout);
    const auto p = positions_of(positions);
    return to_js(posenc::sinusoidal_at(p.data(), p.size(), d, base, l));
  });
}

val learned_table(double max_len, double dim, double seed, double std) {
  return guarded([&] {
    const auto rows = std::size_t(integer("maxLen", max_len, 1, posenc::position_limit));
    return to_js(posenc::learned_table(rows, dim_of(dim), seed_of(seed), std).table());
  });
}

val learned_encode(double max_len, double dim, double seed, double std, val positions) {
  return guarded([&] {
    const auto rows = std::size_t(integer("maxLen", max_len, 1, posenc::position_limit));
    const auto d = dim_of(dim);
    const auto s = seed_of(seed);
    const auto p = positions_of(positions);
    return to_js(posenc::learned_encode(rows, d, s, std, p.data(), p.size()));
  });
}

val relative_distance(double query_len, double key_len, double min, double max) {
  return guarded([&] {
    const auto n = std::size_t(integer("queryLen", query_len, 0, posenc::position_limit));
    const auto m = std::size_t(integer("keyLen", key_len, 0, posenc::position_limit));
    return to_js(posenc::relative_distance(n, m, clip_bound("min", min), clip_bound("max", max)));
  });
}

val relative_table(double min, double max, double dim, double seed, double std) {
  return guarded([&] {
    return to_js(posenc::relative_table(clip_bound("min", min), clip_bound("max", max), dim_of(dim), seed_of(seed), std)
                     .table());
  });
}

val relative_scores(double min, double max, double dim, double seed, double std, val q, val k, bool scale) {
  return guarded([&] {
    const posenc::relative_table table(clip_bound("min", min), clip_bound("max", max), dim_of(dim), seed_of(seed), std);
    const auto qv = floats("q", q);
    const auto kv = floats("k", k);
    const auto s = table.scores(qv.data(), qv.size(), kv.data(), kv.size(), scale);
    val out = val::object();
    out.set("total", to_js(s.total));
    out.set("c2c", to_js(s.c2c));
    out.set("c2p", to_js(s.c2p));
    out.set("p2c", to_js(s.p2c));
    return out;
  });
}

val rope_frequencies(double dim, double base) {
  return guarded([&] { return to_js(posenc::rope_frequencies(dim_of(dim), base)); });
}

// A rotated copy of the JavaScript array x.
input_floats rotated(const val& x, const posenc::rope_options& o, double offset, const val& positions) {
  auto values = floats("x", x);
  rotate(values, o, offset, positions);
  return values;
}

// Large Float32Arrays pass through wasm memory a block of rows at a time. A block stays
// in cache from its copy in, through the rotation, to its copy out, so the array is read
// once and written once, as on a WasmBuffer; copying the whole array in and out instead
// costs three passes over memory (3x the buffer path), and wasm memory grows by one block,
// not by the array. Each row's result depends on its position alone (cpp/src/angles.hpp),
// so blocks give the bits of a whole-array call.
constexpr std::size_t block_floats = std::size_t{1} << 15;  // 128 KiB: a share of L2

// Rotates x into out (x itself when in place) block by block; false, having written
// nothing, when the whole-array path should run instead: small arrays, arrays that are not
// Float32Arrays, and inputs the core refuses, so that its error, which describes the whole
// array, is the one reported.
bool rotate_blockwise(const val& x, const val& out, posenc::rope_options o, double offset, const val& positions) {
  if (!x.instanceof(val::global("Float32Array"))) return false;
  const std::size_t length = checked_length("x", x);
  const std::uint64_t row = std::uint64_t(o.heads) * std::uint64_t(o.dim);
  if (length <= block_floats || row == 0 || length % row != 0) return false;
  const std::size_t row_floats = std::size_t(row), rows = length / row_floats;
  const bool listed = !positions.isNull() && !positions.isUndefined();
  std::vector<std::int64_t> listed_positions;
  std::int64_t first = 0, largest = 0;
  if (listed) {
    listed_positions = positions_of(positions);  // each one checked, its index named
    if (listed_positions.size() != rows) return false;
    largest = *std::max_element(listed_positions.begin(), listed_positions.end());
  } else {
    first = position_of("offset", offset);
    largest = first + std::int64_t(rows) - 1;
    if (largest >= posenc::position_limit) return false;
  }
  // Scaling that adapts to the sequence length reads it, when seqLen is not given, from the
  // largest position of the call: the whole array's, not a block's.
  if (o.scaling && o.seq_len == 0) o.seq_len = largest + 1;
  const std::size_t block_rows = std::max<std::size_t>(1, block_floats / row_floats);
  input_floats block(std::min(rows, block_rows) * row_floats);
  for (std::size_t r = 0; r < rows; r += block_rows) {
    const std::size_t count = std::min(block_rows, rows - r), n = count * row_floats;
    const double start = double(r * row_floats);
    val(emscripten::typed_memory_view(n, block.data())).call<void>("set", x.call<val>("subarray", start, start + n));
    if (listed) posenc::rope_apply(block.data(), n, o, listed_positions.data() + r, count);
    else posenc::rope_apply(block.data(), n, o, first + std::int64_t(r));
    // A fresh view each time: the rotation may grow wasm memory (its cos/sin cache).
    out.call<void>("set", val(emscripten::typed_memory_view(n, block.data())), start);
  }
  return true;
}

val rope(val x, double dim, double heads, double base, std::string layout, double offset, val positions,
         double rotary_dim, val scaling, double seq_len) {
  return guarded([&] {
    const auto o = rope_options_of(dim, heads, base, layout, rotary_dim, scaling, seq_len);
    if (x.instanceof(val::global("Float32Array")) && x["length"].as<double>() > double(block_floats)) {
      val out = val::global("Float32Array").new_(x["length"]);
      if (rotate_blockwise(x, out, o, offset, positions)) return out;
    }
    return to_js(rotated(x, o, offset, positions));
  });
}

// rope(x, { inPlace: true }) on a Float32Array: the result goes back into x itself, which
// saves allocating a fresh JavaScript array (a large share of the cost for big inputs).
val rope_into(val x, double dim, double heads, double base, std::string layout, double offset, val positions,
              double rotary_dim, val scaling, double seq_len) {
  return guarded([&] {
    const auto o = rope_options_of(dim, heads, base, layout, rotary_dim, scaling, seq_len);
    if (!rotate_blockwise(x, x, o, offset, positions)) {
      const auto values = rotated(x, o, offset, positions);
      x.call<void>("set", val(emscripten::typed_memory_view(values.size(), values.data())));
    }
    return val::undefined();
  });
}

val create_buffer(double length) {
  return guarded([&] {
    return val(wasm_buffer(std::size_t(integer("length", length, 0, std::int64_t(posenc::max_elements)))));
  });
}

val rope_buffer(wasm_buffer& buffer, double dim, double heads, double base, std::string layout, double offset,
                val positions, double rotary_dim, val scaling, double seq_len) {
  return guarded([&] {
    rotate(buffer.data(), rope_options_of(dim, heads, base, layout, rotary_dim, scaling, seq_len), offset, positions);
    return val::undefined();
  });
}

val rope_matrix(double position, double dim, double base) {
  return guarded([&] { return to_js(posenc::rope_matrix(position_of("position", position), dim_of(dim), base)); });
}

val attention_scores(val q, val k, double dim, std::string encoding, double base, bool scale, double max_len,
                     double min, double max, double seed, std::string layout) {
  return guarded([&] {
    posenc::attention_options o;
    o.dim = dim_of(dim);
    o.kind = posenc::parse_encoding(encoding);
    o.base = base;
    o.scale = scale;
    o.max_len = std::size_t(integer("maxLen", max_len, 1, posenc::position_limit));
    o.min = clip_bound("min", min);
    o.max = clip_bound("max", max);
    o.seed = seed_of(seed);
    o.pairs = posenc::parse_layout(layout);
    const auto qv = floats("q", q);
    const auto kv = floats("k", k);
    return to_js(posenc::attention_scores(qv.data(), qv.size(), kv.data(), kv.size(), o));
  });
}

// q and k must each hold exactly dim values.
void check_vector(const char* name, const input_floats& v, std::size_t dim) {
  if (v.size() != dim) posenc::fail(std::string(name) + ".length", "dim = " + std::to_string(dim), double(v.size()));
}

val rope_score_by_distance(val q, val k, double dim, double base, double max_distance) {
  return guarded([&] {
    const auto d = dim_of(dim);
    const auto distance = position_of("maxDistance", max_distance);
    const auto qv = floats("q", q);
    const auto kv = floats("k", k);
    check_vector("q", qv, d);
    check_vector("k", kv, d);
    return to_js(posenc::rope_score_by_distance(qv.data(), kv.data(), d, base, distance));
  });
}

val rope_decay_bound(double dim, double base, double max_distance) {
  return guarded([&] {
    return to_js(posenc::rope_decay_bound(dim_of(dim), base, position_of("maxDistance", max_distance)));
  });
}

// ---- beyond the article: scaling, biases, buckets, the precision lab ------------------
val rope_frequencies_scaled(double dim, double base, val scaling, double seq_len) {
  return guarded([&] {
    const auto d = dim_of(dim);
    const auto s = scaling_of(scaling);
    return to_js(posenc::rope_frequencies(d, base, s, seq_len_of(seq_len)));
  });
}

val rope_attention_factor(val scaling, double seq_len) {
  return guarded([&] {
    const auto s = scaling_of(scaling);
    return val(posenc::rope_attention_factor(s, seq_len_of(seq_len)));
  });
}

val alibi_slopes(double heads, double max_bias) {
  return guarded([&] { return to_js(posenc::alibi_slopes(std::size_t(integer("heads", heads, 1, 65536)), max_bias)); });
}

std::size_t length_of(const char* name, double v) { return std::size_t(integer(name, v, 0, posenc::position_limit)); }

val alibi_bias(double query_len, double key_len, double slope, bool causal) {
  return guarded([&] {
    const auto n = length_of("queryLen", query_len);
    const auto m = length_of("keyLen", key_len);
    return to_js(posenc::alibi_bias(n, m, slope, causal));
  });
}

val t5_buckets(double query_len, double key_len, double num_buckets, double max_distance, bool bidirectional) {
  return guarded([&] {
    const auto n = length_of("queryLen", query_len);
    const auto m = length_of("keyLen", key_len);
    const auto buckets = integer("numBuckets", num_buckets, 1, 65536);
    const auto distance = integer("maxDistance", max_distance, 1, posenc::position_limit - 1);
    return to_js(posenc::t5_buckets(n, m, buckets, distance, bidirectional));
  });
}

val deberta_log_buckets(double query_len, double key_len, double bucket_size, double max_position) {
  return guarded([&] {
    const auto n = length_of("queryLen", query_len);
    const auto m = length_of("keyLen", key_len);
    const auto size = integer("bucketSize", bucket_size, 2, posenc::position_limit - 1);
    const auto max = integer("maxPosition", max_position, 1, posenc::position_limit - 1);
    return to_js(posenc::deberta_log_buckets(n, m, size, max));
  });
}

val to_js_f64(const std::vector<double>& v) { return copy_out("Float64Array", v); }

template <class Parts>
val parts_to_js(const Parts& p) {
  val out = val::object();
  out.set("angle", to_js_f64(p.angle));
  out.set("cos", to_js_f64(p.cos));
  out.set("sin", to_js_f64(p.sin));
  return out;
}

val rope_precision(std::string variant, val positions, double dim, double base, bool errors) {
  return guarded([&] {
    const auto v = posenc::parse_precision(variant);
    const auto d = dim_of(dim);
    const auto p = positions_of(positions);
    if (errors) return parts_to_js(posenc::rope_precision_error(v, p.data(), p.size(), d, base));
    return parts_to_js(posenc::rope_precision_table(v, p.data(), p.size(), d, base));
  });
}

val round_to(std::string type, val values) {
  return guarded([&] {
    if (type != "bfloat16" && type != "float16") posenc::fail("type", "'bfloat16' or 'float16'", "'" + type + "'");
    auto v = floats("values", values);
    if (type == "bfloat16") posenc::round_bfloat16_in_place(v.data(), v.size());
    else posenc::round_float16_in_place(v.data(), v.size());
    return to_js(v);
  });
}

val use_backend(std::string name) {
  return guarded([&] {
    if (name != "scalar" && name != "simd") posenc::fail("backend", "'scalar' or 'simd'", "'" + name + "'");
    posenc::use_backend(name == "simd" ? posenc::backend::simd : posenc::backend::scalar);
    return val::undefined();
  });
}

// Sets the size bound of rope()'s cos/sin cache (0 turns it off); returns the old one.
val rope_cache_limit(val floats) {
  return guarded([&] {
    const double old = double(posenc::rope_cache_limit());
    if (!floats.isUndefined())
      posenc::set_rope_cache_limit(std::size_t(integer("limit", floats.as<double>(), 0, std::int64_t(posenc::max_elements))));
    return val(old);
  });
}

double heap_bytes() { return double(mallinfo().uordblks); }
std::string version() { return posenc::version; }
std::string arch() { return posenc::simd_arch_name(); }
bool simd() { return posenc::simd_available(); }
double max_elements() { return double(posenc::max_elements); }
double max_dim() { return double(posenc::max_dim); }
double position_limit() { return double(posenc::position_limit); }

}  // namespace

EMSCRIPTEN_BINDINGS(posenc) {
  using emscripten::function;
  emscripten::class_<wasm_buffer>("Buffer")
      .function("length", &wasm_buffer::length)
      .function("view", &wasm_buffer::view);
  function("version", &version);
  function("arch", &arch);
  function("simd", &simd);
  function("maxElements", &max_elements);
  function("maxDim", &max_dim);
  function("positionLimit", &position_limit);
  function("heapBytes", &heap_bytes);
  function("ropeCacheLimit", &rope_cache_limit);
  function("useBackend", &use_backend);
  function("sinusoidal", &sinusoidal);
  function("sinusoidalAt", &sinusoidal_at);
  function("learnedTable", &learned_table);
  function("learnedEncode", &learned_encode);
  function("relativeDistance", &relative_distance);
  function("relativeTable", &relative_table);
  function("relativeScores", &relative_scores);
  function("ropeFrequencies", &rope_frequencies);
  function("rope", &rope);
  function("ropeInto", &rope_into);
  function("createBuffer", &create_buffer);
  function("ropeBuffer", &rope_buffer);
  function("ropeMatrix", &rope_matrix);
  function("attentionScores", &attention_scores);
  function("ropeScoreByDistance", &rope_score_by_distance);
  function("ropeDecayBound", &rope_decay_bound);
  function("ropeFrequenciesScaled", &rope_frequencies_scaled);
  function("ropeAttentionFactor", &rope_attention_factor);
  function("alibiSlopes", &alibi_slopes);
  function("alibiBias", &alibi_bias);
  function("t5Buckets", &t5_buckets);
  function("debertaLogBuckets", &deberta_log_buckets);
  function("ropePrecision", &rope_precision);
  function("roundTo", &round_to);
}
