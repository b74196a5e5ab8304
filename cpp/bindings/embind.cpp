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

#include "js_objects.hpp"
#include "posenc/posenc.hpp"

using emscripten::val;

namespace {

val js_error(const char* type, const std::string& message) { return val::global(type).new_(val(message)); }

template <class F>
val guarded(F&& compute) {
  try {
    return compute();
  } catch (const js::error_result& e) {
    return e.error;
  } catch (const posenc::missing_argument& e) {
    return js_error("TypeError", e.what());
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

// A JavaScript Float32Array streamed through the core's block of wasm memory.
class js_array_blocks : public posenc::rope_block_io {
 public:
  js_array_blocks(val in, val out) : in_(std::move(in)), out_(std::move(out)) {}
  void read(float* block, std::size_t first, std::size_t n) override {
    const val part = in_.call<val>("subarray", double(first), double(first + n));
    val(emscripten::typed_memory_view(n, block)).call<void>("set", part);
  }
  // A fresh view each time: the rotation may grow wasm memory (its cos/sin cache).
  void write(const float* block, std::size_t first, std::size_t n) override {
    out_.call<void>("set", val(emscripten::typed_memory_view(n, block)), double(first));
  }

 private:
  val in_, out_;
};

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


// rope(x, o) on a Float32Array: into a fresh array, or into x itself (inPlace), which saves
// allocating a JavaScript array (a large share of the cost for big inputs).
val rope(val x, val o) {
  return guarded([&] {
    val out = val::global("Float32Array").new_(x["length"]);
    js_array_blocks io(x, out);
    posenc::rope_apply_blocks(checked_length("x", x), js::read<posenc::rope_options>(o),
                              js::read<posenc::rope_positions>(o), io);
    return out;
  });
}

val rope_into(val x, val o) {
  return guarded([&] {
    js_array_blocks io(x, x);
    posenc::rope_apply_blocks(checked_length("x", x), js::read<posenc::rope_options>(o),
                              js::read<posenc::rope_positions>(o), io);
    return val::undefined();
  });
}

val create_buffer(double length) {
  return guarded([&] {
    return val(wasm_buffer(std::size_t(integer("length", length, 0, std::int64_t(posenc::max_elements)))));
  });
}

val rope_buffer(wasm_buffer& buffer, val o) {
  return guarded([&] {
    const auto options = js::read<posenc::rope_options>(o);
    posenc::rope_apply(buffer.data().data(), buffer.data().size(), options, js::read<posenc::rope_positions>(o));
    return val::undefined();
  });
}

val rope_frequencies(val o) {
  return guarded([&] { return to_js(posenc::rope_frequencies(js::read<posenc::rope_options>(o))); });
}

val rope_attention_factor(val o) {
  return guarded([&] { return val(posenc::rope_attention_factor(js::read<posenc::rope_factor_options>(o))); });
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

// ---- beyond the article: biases, buckets, the precision lab ------------------
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
  function("ropeAttentionFactor", &rope_attention_factor);
  function("alibiSlopes", &alibi_slopes);
  function("alibiBias", &alibi_bias);
  function("t5Buckets", &t5_buckets);
  function("debertaLogBuckets", &deberta_log_buckets);
  function("ropePrecision", &rope_precision);
  function("roundTo", &round_to);
}
