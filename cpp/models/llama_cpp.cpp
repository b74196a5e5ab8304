// llama_cpp_flags: what llama.cpp's command line can say about one layer type's RoPE, read against
// llama.cpp's own code: common/arg.cpp (the flags and how they parse), src/llama-context.cpp (how
// llama_context turns them into cparams), src/llama-model.cpp (per-layer bases and rope factors),
// ggml's rope (rope_yarn, ggml_rope_yarn_corr_dims) and convert_hf_to_gguf.py (what a converted
// GGUF already carries).
#include "posenc/llama_cpp.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include "note_codes.hpp"
#include "posenc/error.hpp"
#include "posenc/rope_types.hpp"

namespace posenc {
namespace {

// 10^k by repeated multiplication: exact up to 10^22, where std::pow need not be.
double power_of_ten(int k) {
  double p = 1;
  for (int i = 0; i < k; ++i) p *= 10;
  return p;
}

// value rounded to `digits` significant decimal digits, as the double nearest that decimal (the
// scaling by an exact power of ten keeps it so for the magnitudes flags and notes hold). *exact tells
// whether that double is the decimal itself.
double round_significant(double value, int digits, bool* exact = nullptr) {
  if (exact) *exact = true;
  if (value == 0 || !std::isfinite(value)) return value;
  const int places = digits - 1 - int(std::floor(std::log10(std::fabs(value))));
  const double scale = power_of_ten(places >= 0 ? places : -places);
  const double m = std::round(places >= 0 ? value * scale : value / scale);  // the decimal's digits
  const double rounded = places >= 0 ? m / scale : m * scale;
  // fma's single rounding leaves 0 only when rounded * 10^places is m exactly.
  if (exact) *exact = places >= 0 ? std::fma(rounded, scale, -m) == 0 : std::fma(m, scale, -rounded) == 0;
  return rounded;
}

// A value for a note: 6 significant digits are plenty to read, and spare the reader 17.
std::string approx(double value, int digits = 6) { return format_number(round_significant(value, digits)); }

// The shortest decimal that std::stof (how common/arg.cpp parses every float flag) reads back as
// float(value): exactly the float llama.cpp will hold, without the noise of the double's last
// digits ("40889.94", not "40889.94243248622"), and a whole number stays whole ("160000").
std::string float_text(const std::string& name, double value) {
  const float f = static_cast<float>(value);
  if (!std::isfinite(f)) fail(name, "finite as a float (llama.cpp reads it with std::stof)", value);
  if (f == 0) return "0";
  const double target = f;
  for (int digits = 1; digits <= 9; ++digits) {
    bool exact = true;
    const double candidate = round_significant(target, digits, &exact);
    if (static_cast<float>(candidate) != f) continue;
    // A decimal whose double was rounded onto the midpoint of two floats may lie on the other side
    // of it, where std::stof, reading the text itself, would round the other way. (A decimal that
    // is the midpoint ties to even in both.)
    const float neighbour = std::nextafter(f, candidate > target ? HUGE_VALF : -HUGE_VALF);
    if (!exact && 2 * (candidate - target) == double(neighbour) - target) continue;
    return format_number(candidate);
  }
  return format_number(target);  // the float's exact value: always reads back as itself
}

std::string list_text(const std::vector<std::int64_t>& values) {
  std::string text = "[";
  for (std::size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

// The rope type to advise on: model_rope.rope_type names it ("proportional" has no rope_scaling
// type), and a hand-filled value may set only scaling.type (our core's static "ntk" among them).
std::string kind_of(const model_rope& rope) {
  const std::string& t = rope.rope_type;
  if (t == "default" || t.empty()) return to_string(rope.scaling.type);
  const rope_type_info* info = find_rope_type(t);
  if (info && info->accepted_by(rope_surface::llama_cpp)) return t;
  fail("rope.rope_type", rope_type_names(rope_surface::llama_cpp), "'" + t + "'");
}

// The first length given, or 0.
double first_length(std::initializer_list<std::optional<double>> lengths) {
  for (const auto& l : lengths) {
    if (l) return *l;
  }
  return 0;
}

class advisor {
 public:
  advisor(const model_rope& rope, std::int64_t context_length)
      : rope_(rope), kind_(kind_of(rope)), context_(context_length) {
    dim_ = rope.rotary_dim ? rope.rotary_dim : rope.frequencies.size() ? rope.frequencies.size() * 2 : rope.head_dim;
  }

  llama_cpp_advice run() {
    const bool per_layer = rope_.layer_types.size() > 1;
    if (per_layer && rope_.layer_type.find("sliding") != std::string::npos) {
      sliding_layers();
    } else {
      by_type();
      if (per_layer) {
        note(id::llama_per_layer, {layer_list(), rope_.layer_type});
      }
    }
    structure();
    return std::move(out_);
  }

 private:
  void flag(const std::string& name, const std::string& value) { out_.flags.push_back(name + " " + value); }
  using id = detail::note_id;
  void note(id code, std::initializer_list<std::string> values = {}) {
    out_.notes.push_back(detail::make_note(code, values));
  }

  std::string layer_list() const {
    std::string text;
    for (std::size_t i = 0; i < rope_.layer_types.size(); ++i) text += (i ? ", " : "") + rope_.layer_types[i];
    return text;
  }

  // scaling.factor, required by the type, finite and > 0.
  double factor(const char* type) const {
    const auto& f = rope_.scaling.factor;
    if (!f) fail("rope.scaling.factor", std::string("given for rope_type '") + type + "'", std::string("undefined"));
    if (!std::isfinite(*f) || !(*f > 0)) fail("rope.scaling.factor", "a finite number > 0", *f);
    return *f;
  }

  // d / (d - 2), the exponent of static and dynamic NTK's base, d the rotary dim (llama.cpp's n_rot).
  double ntk_exponent() const {
    if (dim_ < 4 || dim_ % 2) {
      fail("rope.rotary_dim", "an even integer >= 4 for rope_type '" + kind_ + "' (its base grows as factor^(d/(d-2)))",
           double(dim_));
    }
    return double(dim_) / double(dim_ - 2);
  }

  void by_type() {
    if (kind_ == "default") return default_rope();
    if (kind_ == "linear") return linear();
    if (kind_ == "ntk") return ntk();
    if (kind_ == "dynamic") return dynamic();
    if (kind_ == "yarn") return yarn();
    if (kind_ == "longrope") return longrope();
    if (kind_ == "llama3") return llama3();
    if (kind_ == "proportional") return proportional();
    // rope_types.hpp lists a type for llama_cpp that has no advice here
    fail("rope.rope_type", "a type with llama.cpp advice", "'" + kind_ + "'");
  }

  void default_rope() {
    note(id::llama_default, {format_number(rope_.base), float_text("rope.base", rope_.base)});
    const double trained = first_length({rope_.max_position_embeddings, rope_.scaling.max_position_embeddings});
    if (context_ > 0 && trained > 0 && double(context_) > trained) {
      note(id::llama_past_trained, {std::to_string(context_), format_number(trained)});
    }
  }

  void linear() {
    const double f = factor("linear");
    if (f == 1) {
      note(id::llama_linear_one);
    } else {
      flag("--rope-scaling", "linear");
      flag("--rope-scale", float_text("rope.scaling.factor", f));
      note(id::llama_linear_inverse, {float_text("rope.scaling.factor", 1 / f)});
    }
    note(id::llama_linear_gguf, {format_number(f)});
  }

  void ntk() {
    if (rope_.fixed_ntk_factor) return fixed_ntk(*rope_.fixed_ntk_factor);
    const double f = factor("ntk");
    const double scaled = rope_.base * std::pow(f, ntk_exponent());
    flag("--rope-freq-base", float_text("rope.base", scaled));
    note(id::llama_ntk, {format_number(rope_.base), format_number(f), std::to_string(dim_), std::to_string(dim_ - 2),
                         approx(scaled, 10)});
    note(id::llama_ntk_gguf);
  }

  // GTE's fixed NTK: p * (base * f)^(-2i/d) / f^(2/d) is llama.cpp's p * freq_scale * freq_base^(-2i/d)
  // with freq_base = base * f and freq_scale = f^(-2/d); the mixed form scales each frequency apart.
  void fixed_ntk(double f) {
    if (rope_.fixed_ntk_mixed_b) {
      note(id::llama_gte_mixed, {format_number(*rope_.fixed_ntk_mixed_b)});
      return;
    }
    const double base = rope_.base * f, scale = std::pow(f, -2.0 / double(dim_));
    flag("--rope-freq-base", float_text("rope.base", base));
    flag("--rope-freq-scale", float_text("rope.scaling.factor", scale));
    note(id::llama_gte_fixed, {approx(base, 10), approx(scale, 10), std::to_string(dim_)});
    note(id::llama_gte_gguf);
  }

  void dynamic() {
    if (rope_.ntk_alpha) return hunyuan_alpha(*rope_.ntk_alpha);
    const double f = factor("dynamic");
    const double m =
        first_length({rope_.scaling.max_position_embeddings, rope_.max_position_embeddings,
                      rope_.scaling.original_max_position_embeddings, rope_.original_max_position_embeddings});
    if (!(m > 0)) fail("rope.max_position_embeddings", "given for rope_type 'dynamic'", std::string("undefined"));
    if (context_ > 0 && double(context_) > m) {
      const double l = double(context_);
      const double scaled = rope_.base * std::pow(f * l / m - (f - 1), ntk_exponent());
      flag("--rope-freq-base", float_text("rope.base", scaled));
      note(id::llama_dynamic_context, {format_number(m), std::to_string(context_), approx(scaled, 10)});
      note(id::llama_dynamic_needed);
    } else {
      if (context_ > 0) {
        note(id::llama_dynamic_within_context, {format_number(m), std::to_string(context_)});
      } else {
        note(id::llama_dynamic_within, {format_number(m)});
      }
      note(id::llama_dynamic_gguf);
    }
  }

  // Hunyuan's alpha: one NTK base for every position, which convert_hf_to_gguf.py's HunYuan classes
  // compute the same way and write as rope.freq_base.
  void hunyuan_alpha(double alpha) {
    const double scaled = rope_.base * std::pow(alpha, ntk_exponent());
    const double m = first_length({rope_.scaling.max_position_embeddings, rope_.max_position_embeddings});
    flag("--rope-freq-base", float_text("rope.base", scaled));
    note(id::llama_hunyuan_alpha, {format_number(alpha), approx(scaled, 10), std::to_string(dim_)});
    if (context_ > 0 && m > 0 && double(context_) > m) {
      note(id::llama_hunyuan_beyond, {format_number(m), std::to_string(context_)});
    }
    note(id::llama_hunyuan_gguf);
  }

  void yarn() {
    const double original =
        first_length({rope_.scaling.original_max_position_embeddings, rope_.original_max_position_embeddings});
    const double trained = first_length({rope_.scaling.max_position_embeddings, rope_.max_position_embeddings});
    double f = 0;
    if (rope_.scaling.factor) {
      f = factor("yarn");
    } else if (original > 0 && trained > 0) {
      f = trained / original;  // transformers' fallback when factor is None (DeepSeek-V3's form)
    } else {
      factor("yarn");  // refuses the missing factor
    }
    const double length = original > 0 ? original : trained;  // transformers falls back on the trained length
    if (f == 1) {
      note(id::llama_yarn_one);
    } else {
      flag("--rope-scaling", "yarn");
      flag("--rope-scale", float_text("rope.scaling.factor", f));
      if (length > 0) {
        flag("--yarn-orig-ctx", format_number(length));
      } else {
        note(id::llama_yarn_no_original);
      }
      // llama_hparams' defaults, which transformers shares: a flag repeating them would do nothing.
      const double beta_fast = rope_.scaling.beta_fast.value_or(32), beta_slow = rope_.scaling.beta_slow.value_or(1);
      if (beta_fast != 32) flag("--yarn-beta-fast", float_text("rope.scaling.beta_fast", beta_fast));
      if (beta_slow != 1) flag("--yarn-beta-slow", float_text("rope.scaling.beta_slow", beta_slow));
      yarn_attention(f);
      const bool truncate = rope_.truncate.value_or(true) && rope_.scaling.truncate;
      if (!truncate && length > 0) yarn_untruncated(length);
    }
    note(id::llama_yarn_gguf);
  }

  void yarn_attention(double f) {
    note(id::llama_yarn_attention);
    const double ours = rope_.attention_factor;
    const double theirs = get_mscale(f);
    const bool mscales = rope_.scaling.mscale.value_or(0) != 0 && rope_.scaling.mscale_all_dim.value_or(0) != 0;
    if (mscales) {
      note(id::llama_yarn_mscale, {approx(ours), approx(theirs), format_number(f)});
    } else if (std::fabs(ours - theirs) > 1e-9 * theirs) {
      note(id::llama_yarn_differs,
           {approx(ours), approx(theirs), format_number(f), approx(ours * ours / (theirs * theirs))});
    } else {
      note(id::llama_yarn_agree, {approx(theirs), format_number(f)});
    }
  }

  // transformers' find_correction_range without truncation against ggml_rope_yarn_corr_dims.
  void yarn_untruncated(double length) {
    const double base = rope_.base, d = double(dim_);
    const double beta_fast = rope_.scaling.beta_fast.value_or(32), beta_slow = rope_.scaling.beta_slow.value_or(1);
    const double two_pi = 6.283185307179586476925286766559;
    auto correction_dim = [&](double rotations) {
      return d * std::log(length / (rotations * two_pi)) / (2 * std::log(base));
    };
    const double low = std::max(correction_dim(beta_fast), 0.0), high = std::min(correction_dim(beta_slow), d - 1);
    const double low_ggml = std::max(std::floor(correction_dim(beta_fast)), 0.0);
    const double high_ggml = std::min(std::ceil(correction_dim(beta_slow)), d - 1);
    note(id::llama_yarn_untruncated,
         {format_number(low_ggml), format_number(high_ggml), approx(low, 4), approx(high, 4)});
  }

  void longrope() {
    const double original =
        first_length({rope_.scaling.original_max_position_embeddings, rope_.original_max_position_embeddings});
    const auto length = [](double n) {
      return n > 0 ? format_number(n) : std::string("original_max_position_embeddings");
    };
    // convert_hf_to_gguf.py's MiniCPM3 class writes the two factor tensors and no other scaling key: the GGUF's
    // original length is then its context length, max_position_embeddings, and its attention factor 1.
    const bool minicpm3 = rope_.model_type == "minicpm3";
    const double switch_length = minicpm3 ? rope_.max_position_embeddings.value_or(0) : original;
    if (minicpm3) {
      note(id::llama_longrope_minicpm3, {length(switch_length), length(original), approx(rope_.attention_factor)});
    } else {
      note(id::llama_longrope);
    }
    note(id::llama_longrope_pick, {length(switch_length)});
    if (context_ > 0 && switch_length > 0) {
      note(double(context_) > switch_length ? id::llama_longrope_long : id::llama_longrope_short,
           {std::to_string(context_)});
    }
    if (!minicpm3 && rope_.scaling.attention_factor) {
      note(id::llama_longrope_attn, {approx(*rope_.scaling.attention_factor)});
    }
  }

  void llama3() { note(id::llama_llama3); }

  void proportional() {
    // transformers' proportional init: int(partial_rotary_factor * head_dim // 2) pairs turn, with exponents
    // over the whole head_dim, and the rest of the head_dim / 2 pairs get inverse frequency 0.
    std::size_t pairs = rope_.frequencies.size(), turning = 0;
    for (double v : rope_.frequencies) turning += v != 0;
    if (pairs == 0 && rope_.head_dim) {
      pairs = rope_.head_dim / 2;
      turning = std::size_t(std::floor(rope_.partial_rotary_factor.value_or(1) * double(rope_.head_dim) / 2));
    }
    if (pairs) {
      note(id::llama_proportional_counts, {std::to_string(turning), std::to_string(pairs - turning)});
    } else {
      note(id::llama_proportional);
    }
    const double f = rope_.scaling.factor.value_or(1);
    if (f != 1) {
      flag("--rope-scaling", "linear");
      flag("--rope-scale", float_text("rope.scaling.factor", f));
      note(id::llama_proportional_factor, {format_number(f)});
    } else {
      note(id::llama_proportional_gguf);
    }
  }

  void sliding_layers() {
    note(id::llama_sliding, {rope_.layer_type, layer_list()});
    if (rope_.model_type.rfind("gemma3", 0) == 0) {
      note(id::llama_sliding_gemma3, {format_number(rope_.base)});
    } else {  // other converters name this base differently, or not at all
      note(id::llama_sliding_check, {format_number(rope_.base)});
    }
    if (kind_ != "default") {
      note(id::llama_sliding_scaling, {kind_});
    }
  }

  // What llama.cpp's architecture, not its flags, decides: pairing, rotary width, M-RoPE sections,
  // the layers without RoPE.
  void structure() {
    if (kind_ != "proportional" && rope_.head_dim && dim_ < rope_.head_dim) {
      note(id::llama_partial, {std::to_string(dim_), std::to_string(rope_.head_dim)});
    }
    if (rope_.pairs != layout::half) {
      note(id::llama_interleaved);
    }
    if (!rope_.sections.empty()) {
      note(rope_.interleaved_sections ? id::llama_imrope : id::llama_mrope, {list_text(rope_.sections)});
    }
    if (!rope_.layers_without_rope.empty()) {
      note(id::llama_no_rope_layers, {std::to_string(rope_.layers_without_rope.size())});
    }
  }

  const model_rope& rope_;
  std::string kind_;
  std::int64_t context_;
  std::size_t dim_ = 0;
  llama_cpp_advice out_;
};

}  // namespace

llama_cpp_advice llama_cpp_flags(const model_rope& rope, std::int64_t context_length) {
  // llama.cpp's common/arg.cpp parses -c as an int: max_seq_len, 2^31 - 1.
  if (context_length < 0 || context_length > max_seq_len) {
    fail("context_length", integer_in(0, max_seq_len) + " (0: not given)", double(context_length));
  }
  if (!std::isfinite(rope.base) || !(rope.base > 0)) fail("rope.base", "a finite number > 0", rope.base);
  // a vision encoder: llama.cpp's flags are about the text model's sequence positions
  if (rope.axial) return {{}, {detail::make_note(detail::note_id::llama_vision_axial)}};
  return advisor(rope, context_length).run();
}

}  // namespace posenc

namespace posenc {

llama_cpp_advice llama_cpp_flags(const config_value& config, std::int64_t context_length) {
  const std::vector<std::string> types = config_layer_types(config);
  const auto main_type = std::find(types.begin(), types.end(), "full_attention");
  const std::string first = main_type != types.end() ? *main_type : types.front();
  llama_cpp_advice advice = llama_cpp_flags(rope_from_config(config, first), context_length);
  const auto has_code = [&](detail::note_id id) {
    return std::any_of(advice.notes.begin(), advice.notes.end(),
                       [&](const note& n) { return n.code == detail::note_code(id); });
  };
  // The main layers' note on per-layer RoPE already says that the flags miss the sliding layers: the
  // sliding layers' own note, which says it again for a call about them alone, is left out here.
  const bool per_layer_said = has_code(detail::note_id::llama_per_layer);
  for (const std::string& type : types) {
    if (type == first) continue;
    for (note& note : llama_cpp_flags(rope_from_config(config, type), context_length).notes) {
      if (per_layer_said && note.code == detail::note_code(detail::note_id::llama_sliding)) continue;
      if (std::find(advice.notes.begin(), advice.notes.end(), note) == advice.notes.end()) {
        advice.notes.push_back(std::move(note));
      }
    }
  }
  return advice;
}

}  // namespace posenc
