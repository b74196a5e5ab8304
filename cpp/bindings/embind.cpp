// The module's functions: each reads its options struct from the caller's options object
// (js_objects.hpp walks the struct's field list), calls the core, and copies the result into a
// JavaScript-owned array, or returns the Error that describes bad input (js_errors.hpp). No
// checks, defaults or math here.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>

#include "js_arrays.hpp"
#include "js_errors.hpp"
#include "js_objects.hpp"
#include "posenc/posenc.hpp"

using emscripten::val;

namespace {

using js::checked_length;
using js::floats;
using js::to_js;
using js::to_js_f64;

using js::guarded;
using js::with_options;

template <class T>
T options(const val& o) {
  return js::read<T>(o);
}

val sinusoidal(val o) {
  return guarded([&] {
    const auto s = options<posenc::sinusoidal_options>(o);
    return to_js(posenc::sinusoidal(options<posenc::position_count>(o).positions, s.dim, s.base, s.pairs));
  });
}

val sinusoidal_at(val o) {
  return guarded([&] {
    const auto s = options<posenc::sinusoidal_options>(o);
    const auto p = options<posenc::position_list>(o).positions;
    return to_js(posenc::sinusoidal_at(p.data(), p.size(), s.dim, s.base, s.pairs));
  });
}

// The options of a learned or relative table as the core resolved them, once it has checked them.
val learned_options(val o) {
  return guarded([&] {
    const auto l = options<posenc::learned_options>(o);
    posenc::learned_encode(l.max_len, l.dim, l.seed, l.std, nullptr, 0);
    return js::writer::to_js(l, js::writer::absent::omit);
  });
}

val relative_options(val o) {
  return guarded([&] {
    const auto r = options<posenc::relative_options>(o);
    posenc::relative_table::check(r.min, r.max, r.dim, r.std);
    return js::writer::to_js(r, js::writer::absent::omit);
  });
}

val learned_table(val o) {
  return with_options<posenc::learned_options>(
      o, [](const auto& l) { return posenc::learned_table(l.max_len, l.dim, l.seed, l.std).table(); });
}

val learned_encode(val o, val where) {
  return guarded([&] {
    const auto l = options<posenc::learned_options>(o);
    const auto p = options<posenc::position_list>(where).positions;
    return to_js(posenc::learned_encode(l.max_len, l.dim, l.seed, l.std, p.data(), p.size()));
  });
}

val relative_distance(val o) {
  return with_options<posenc::relative_distance_options>(
      o, [](const auto& r) { return posenc::relative_distance(r.lengths.query_len, r.lengths.keys(), r.min, r.max); });
}

posenc::relative_table relative_table_of(const val& o) {
  const auto r = options<posenc::relative_options>(o);
  return posenc::relative_table(r.min, r.max, r.dim, r.seed, r.std);
}

val relative_table(val o) {
  return guarded([&] { return to_js(relative_table_of(o).table()); });
}

val relative_scores(val table_options, val q, val k, val o) {
  return guarded([&] {
    const auto table = relative_table_of(table_options);
    const auto qv = floats("q", q), kv = floats("k", k);
    const auto s =
        table.scores(qv.data(), qv.size(), kv.data(), kv.size(), options<posenc::relative_scores_options>(o));
    val out = val::object();
    out.set("total", to_js(s.total));
    out.set("c2c", to_js(s.c2c));
    out.set("c2p", to_js(s.c2p));
    out.set("p2c", to_js(s.p2c));
    return out;
  });
}

// The floats of a WasmBuffer (zeroed), as a byte address the module's JavaScript handle keeps
// (cpp/bindings/handles.post.js): it never moves for the buffer's life. At least one float, so
// that an empty buffer too has an address of its own and 0 is never a buffer.
val allocate_buffer(double length) {
  return guarded([&] {
    const auto n = posenc::checked_integer("length", length, 0, std::int64_t(posenc::max_elements));
    void* floats = std::calloc(n > 0 ? std::size_t(n) : 1, sizeof(float));
    if (floats == nullptr) throw std::bad_alloc();
    return val(double(reinterpret_cast<std::uintptr_t>(floats)));
  });
}

val attention_scores(val q, val k, val o) {
  return guarded([&] {
    const auto a = options<posenc::attention_options>(o);
    const auto qv = floats("q", q), kv = floats("k", k);
    return to_js(posenc::attention_scores(qv.data(), qv.size(), kv.data(), kv.size(), a));
  });
}

// ---- beyond the article: biases, buckets, the precision lab ------------------------
val alibi_slopes(val o) {
  return with_options<posenc::alibi_slopes_options>(
      o, [](const auto& a) { return posenc::alibi_slopes(a.heads, a.max_bias); });
}

val alibi_bias(val o) {
  return with_options<posenc::alibi_bias_options>(
      o, [](const auto& a) { return posenc::alibi_bias(a.lengths.query_len, a.lengths.keys(), a.slope, a.causal); });
}

val t5_buckets(val o) {
  return with_options<posenc::t5_bucket_options>(o, [](const auto& t) {
    return posenc::t5_buckets(t.lengths.query_len, t.lengths.keys(), t.num_buckets, t.max_distance, t.bidirectional);
  });
}

val deberta_log_buckets(val o) {
  return with_options<posenc::deberta_bucket_options>(o, [](const auto& d) {
    return posenc::deberta_log_buckets(d.lengths.query_len, d.lengths.keys(), d.bucket_size, d.max_position);
  });
}

val round_bfloat16(val values) {
  return guarded([&] {
    auto v = floats("values", values);
    posenc::round_bfloat16_in_place(v.data(), v.size());
    return to_js(v);
  });
}

val round_float16(val values) {
  return guarded([&] {
    auto v = floats("values", values);
    posenc::round_float16_in_place(v.data(), v.size());
    return to_js(v);
  });
}

// Sets the size bound of rope()'s cos/sin cache (0 turns it off); returns the old one.
val rope_cache_limit(val limit) {
  return guarded([&] {
    const double old = double(posenc::rope_cache_limit());
    if (!limit.isUndefined()) {
      const auto floats = posenc::checked_integer("limit", limit.as<double>(), 0, std::int64_t(posenc::max_elements));
      posenc::set_rope_cache_limit(std::size_t(floats));
    }
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

// Frees what allocate_buffer() returned (a WasmBuffer's delete()).
extern "C" EMSCRIPTEN_KEEPALIVE void posenc_buffer_free(float* floats) { std::free(floats); }

EMSCRIPTEN_BINDINGS(posenc) {
  using emscripten::function;
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
  function("learnedOptions", &learned_options);
  function("relativeOptions", &relative_options);
  function("learnedTable", &learned_table);
  function("learnedEncode", &learned_encode);
  function("relativeDistance", &relative_distance);
  function("relativeTable", &relative_table);
  function("relativeScores", &relative_scores);
  function("allocateBuffer", &allocate_buffer);
  function("attentionScores", &attention_scores);
  function("alibiSlopes", &alibi_slopes);
  function("alibiBias", &alibi_bias);
  function("t5Buckets", &t5_buckets);
  function("debertaLogBuckets", &deberta_log_buckets);
  function("roundBfloat16", &round_bfloat16);
  function("roundFloat16", &round_float16);
}
