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

#include "posenc/error.hpp"

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
  if (t == "linear" || t == "ntk" || t == "dynamic" || t == "yarn" || t == "longrope" || t == "llama3" ||
      t == "proportional") {
    return t;
  }
  fail("rope.rope_type", "'default', 'linear', 'ntk', 'dynamic', 'yarn', 'longrope', 'llama3' or 'proportional'",
       "'" + t + "'");
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
        note("This config gives each layer type its own RoPE (" + layer_list() +
             "), but llama.cpp takes one set of flags and applies --rope-freq-base and --rope-scale to its "
             "non-sliding layers only (llama_model::get_rope_freq_base and get_rope_freq_scale): they act on these '" +
             rope_.layer_type + "' layers, while the sliding-window layers keep the GGUF's rope.freq_base_swa.");
      }
    }
    structure();
    return std::move(out_);
  }

 private:
  void flag(const std::string& name, const std::string& value) { out_.flags.push_back(name + " " + value); }
  void note(const std::string& text) { out_.notes.push_back(text); }

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
    proportional();
  }

  void default_rope() {
    note(
        "For a GGUF converted from this config no flag is needed: convert_hf_to_gguf.py writes the model's base "
        "(rope_theta, or what its class reads in its place) as rope.freq_base, and llama.cpp takes the base (" +
        format_number(rope_.base) +
        ") from there; "
        "--rope-freq-base " +
        float_text("rope.base", rope_.base) + " would only restate it.");
    const double trained = first_length({rope_.max_position_embeddings, rope_.scaling.max_position_embeddings});
    if (context_ > 0 && trained > 0 && double(context_) > trained) {
      note("With -c " + std::to_string(context_) + " beyond max_position_embeddings = " + format_number(trained) +
           " the model runs past its trained length unscaled, in llama.cpp as in transformers.");
    }
  }

  void linear() {
    const double f = factor("linear");
    if (f == 1) {
      note("Linear scaling by factor 1 scales nothing: no flag is needed.");
    } else {
      flag("--rope-scaling", "linear");
      flag("--rope-scale", float_text("rope.scaling.factor", f));
      note(
          "llama.cpp keeps 1/factor (common/arg.cpp: params.rope_freq_scale = 1.0f / std::stof(value)) and "
          "multiplies every angle by it, where transformers divides inv_freq by the factor: the same up to float "
          "rounding. --rope-freq-scale " +
          float_text("rope.scaling.factor", 1 / f) +
          " says the same thing "
          "inverted.");
    }
    note(
        "For a GGUF converted from this config these flags are redundant: convert_hf_to_gguf.py writes "
        "rope.scaling.type = linear and rope.scaling.factor = " +
        format_number(f) + ", which llama.cpp reads.");
  }

  void ntk() {
    if (rope_.fixed_ntk_factor) return fixed_ntk(*rope_.fixed_ntk_factor);
    const double f = factor("ntk");
    const double scaled = rope_.base * std::pow(f, ntk_exponent());
    flag("--rope-freq-base", float_text("rope.base", scaled));
    note("llama.cpp has no static NTK type: the scaled base, base * factor^(d/(d-2)) = " + format_number(rope_.base) +
         " * " + format_number(f) + "^(" + std::to_string(dim_) + "/" + std::to_string(dim_ - 2) +
         ") = " + approx(scaled, 10) + " with d = " + std::to_string(dim_) +
         " rotary features, is all of it, given as "
         "--rope-freq-base (printed as the shortest decimal std::stof reads back as the float llama.cpp keeps).");
    note(
        "For a GGUF converted from this config the flag is still needed: 'ntk' is no transformers rope_type, so "
        "convert_hf_to_gguf.py has nothing to write but rope_theta as rope.freq_base.");
  }

  // GTE's fixed NTK: p * (base * f)^(-2i/d) / f^(2/d) is llama.cpp's p * freq_scale * freq_base^(-2i/d)
  // with freq_base = base * f and freq_scale = f^(-2/d); the mixed form scales each frequency apart.
  void fixed_ntk(double f) {
    if (rope_.fixed_ntk_mixed_b) {
      note("GTE's mixed NTK (mixed_b = " + format_number(*rope_.fixed_ntk_mixed_b) +
           ") divides each frequency by its own exp(a (i + 1)^b): llama.cpp's one base and one scale cannot "
           "express it, so no flag reproduces this RoPE.");
      return;
    }
    const double base = rope_.base * f, scale = std::pow(f, -2.0 / double(dim_));
    flag("--rope-freq-base", float_text("rope.base", base));
    flag("--rope-freq-scale", float_text("rope.scaling.factor", scale));
    note("GTE's fixed NTK turns position p by p * (rope_theta * factor)^(-2i/d) / factor^(2/d): a base of " +
         approx(base, 10) + " and a frequency scale of factor^(-2/d) = " + approx(scale, 10) +
         " with d = " + std::to_string(dim_) + " give llama.cpp the same angles, up to float rounding.");
    note(
        "Whether a GGUF of this model carries them depends on its converter: compare its rope.freq_base and "
        "rope.scaling.factor with these flags.");
  }

  void dynamic() {
    if (rope_.ntk_alpha) return hunyuan_alpha(*rope_.ntk_alpha);
    const double f = factor("dynamic");
    const double m =
        first_length({rope_.scaling.max_position_embeddings, rope_.max_position_embeddings,
                      rope_.scaling.original_max_position_embeddings, rope_.original_max_position_embeddings});
    if (!(m > 0)) fail("rope.max_position_embeddings", "given for rope_type 'dynamic'", std::string("undefined"));
    const std::string why_needed =
        "convert_hf_to_gguf.py ignores 'dynamic' (TextModel.set_gguf_parameters passes over it; only its HunYuan "
        "class writes a base of its own), so a converted GGUF holds the unscaled rope_theta";
    if (context_ > 0 && double(context_) > m) {
      const double l = double(context_);
      const double scaled = rope_.base * std::pow(f * l / m - (f - 1), ntk_exponent());
      flag("--rope-freq-base", float_text("rope.base", scaled));
      note(
          "transformers' dynamic NTK grows the base with the sequence: "
          "base * (factor * L / M - (factor - 1))^(d/(d-2)) at length L > M = " +
          format_number(m) +
          ", rope_theta up to M. llama.cpp has no dynamic type, and this flag fixes the base for the whole "
          "context at its value for L = -c = " +
          std::to_string(context_) + " (" + approx(scaled, 10) +
          "): every position gets it, short prompts too, where transformers would use the smaller base of the "
          "current length.");
      note("For a GGUF converted from this config the flag is still needed: " + why_needed + ".");
    } else {
      note("Up to max_position_embeddings = " + format_number(m) +
           " tokens transformers' dynamic NTK keeps the base "
           "at rope_theta, so no flag is needed" +
           (context_ > 0 ? " with -c " + std::to_string(context_) : std::string()) +
           "; for a context beyond it, give that context length to get the --rope-freq-base to pass.");
      note("For a GGUF converted from this config that holds too: " + why_needed +
           ", which is what transformers uses up to that length.");
    }
  }

  // Hunyuan's alpha: one NTK base for every position, which convert_hf_to_gguf.py's HunYuan classes
  // compute the same way and write as rope.freq_base.
  void hunyuan_alpha(double alpha) {
    const double scaled = rope_.base * std::pow(alpha, ntk_exponent());
    const double m = first_length({rope_.scaling.max_position_embeddings, rope_.max_position_embeddings});
    flag("--rope-freq-base", float_text("rope.base", scaled));
    note("Hunyuan's alpha = " + format_number(alpha) + " sets the base to rope_theta * alpha^(d/(d-2)) = " +
         approx(scaled, 10) + " with d = " + std::to_string(dim_) +
         "; llama.cpp has no dynamic type, and --rope-freq-base gives that base to every position.");
    if (context_ > 0 && m > 0 && double(context_) > m) {
      note("Beyond max_position_embeddings = " + format_number(m) +
           " transformers recomputes the frequencies with its plain dynamic rule, where alpha plays no part; "
           "llama.cpp keeps the alpha base for the whole -c " +
           std::to_string(context_) + ", as a converted GGUF does.");
    }
    note(
        "For a GGUF converted from this config the flag restates what it holds: convert_hf_to_gguf.py's HunYuan "
        "classes write this scaled base as rope.freq_base.");
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
      note("YaRN with factor 1 interpolates nothing and scales no attention: no flag is needed.");
    } else {
      flag("--rope-scaling", "yarn");
      flag("--rope-scale", float_text("rope.scaling.factor", f));
      if (length > 0) {
        flag("--yarn-orig-ctx", format_number(length));
      } else {
        note(
            "No original_max_position_embeddings is known: llama.cpp then takes the GGUF's "
            "rope.scaling.original_context_length, else its context_length, as the original length.");
      }
      // llama_hparams' defaults, which transformers shares: a flag repeating them would do nothing.
      const double beta_fast = rope_.scaling.beta_fast.value_or(32), beta_slow = rope_.scaling.beta_slow.value_or(1);
      if (beta_fast != 32) flag("--yarn-beta-fast", float_text("rope.scaling.beta_fast", beta_fast));
      if (beta_slow != 1) flag("--yarn-beta-slow", float_text("rope.scaling.beta_slow", beta_slow));
      yarn_attention(f);
      const bool truncate = rope_.truncate.value_or(true) && rope_.scaling.truncate;
      if (!truncate && length > 0) yarn_untruncated(length);
    }
    note(
        "For a GGUF converted from this config these flags are redundant: convert_hf_to_gguf.py writes "
        "rope.scaling.type = yarn, rope.scaling.factor and rope.scaling.original_context_length (and beta_fast, "
        "beta_slow and attention_factor when the config gives them).");
  }

  void yarn_attention(double f) {
    note(
        "llama.cpp overwrites the YaRN attention factor whenever ext_factor != 0, as --rope-scaling yarn makes it "
        "(ext_factor 1, the full ramp, as transformers; so no --yarn-ext-factor either): llama_context's "
        "constructor (src/llama-context.cpp) sets it to get_mscale(factor) = 0.1 * ln(factor) + 1 (a ratio of "
        "get_mscale terms when the GGUF carries rope.scaling.yarn_log_multiplier, as DeepSeek conversions do), "
        "divides out the 0.1 * ln(1/freq_scale) + 1 that ggml's rope_yarn multiplies in, and multiplies by the "
        "GGUF's rope.scaling.attn_factor. So neither --yarn-attn-factor nor a config's attention_factor (the "
        "converter writes it as rope.scaling.yarn_attn_factor) is honoured, and no --yarn-attn-factor is printed.");
    const double ours = rope_.attention_factor;
    const double theirs = get_mscale(f);
    const bool mscales = rope_.scaling.mscale.value_or(0) != 0 && rope_.scaling.mscale_all_dim.value_or(0) != 0;
    if (mscales) {
      note("This config's attention factor " + approx(ours) +
           " comes from mscale and mscale_all_dim; llama.cpp "
           "matches it only where the converter writes rope.scaling.yarn_log_multiplier (DeepSeek's classes), and "
           "applies " +
           approx(theirs) + " = 0.1 * ln(" + format_number(f) + ") + 1 otherwise.");
    } else if (std::fabs(ours - theirs) > 1e-9 * theirs) {
      note("This config's attention factor " + approx(ours) + " is not what llama.cpp applies, " + approx(theirs) +
           " = 0.1 * ln(" + format_number(f) + ") + 1: attention logits differ by (" + approx(ours) + " / " +
           approx(theirs) + ")^2 = " + approx(ours * ours / (theirs * theirs)) + ".");
    } else {
      note("Here the two agree: cos and sin scale by " + approx(theirs) + " = 0.1 * ln(" + format_number(f) +
           ") + 1 in both.");
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
    note(
        "truncate: false (gpt-oss) cannot be expressed: ggml_rope_yarn_corr_dims always floors the start and ceils "
        "the end of the correction range, so llama.cpp ramps over pair indices [" +
        format_number(low_ggml) + ", " + format_number(high_ggml) + "] where transformers ramps over [" +
        approx(low, 4) + ", " + approx(high, 4) + "]; the frequencies in between differ.");
  }

  void longrope() {
    const double original =
        first_length({rope_.scaling.original_max_position_embeddings, rope_.original_max_position_embeddings});
    const std::string o = original > 0 ? format_number(original) : std::string("original_max_position_embeddings");
    note(
        "No flag expresses LongRoPE: --rope-scaling takes only none, linear or yarn (common/arg.cpp), and the "
        "per-pair factors live in the GGUF as the rope_factors_long and rope_factors_short tensors. For a GGUF "
        "converted from this config nothing is missing: convert_hf_to_gguf.py (Phi-3's class) writes both, with "
        "rope.scaling.original_context_length and rope.scaling.attn_factor = sqrt(1 + ln(s) / ln(original)), s = "
        "max_position_embeddings / original.");
    note(
        "llama.cpp picks the long factors once for the whole context, when the context per sequence (-c, divided by "
        "--parallel unless the KV cache is unified) exceeds the original length " +
        o +
        " (llama_model::get_rope_factors); transformers picks them by the current sequence length, so with -c "
        "above " +
        o + " a sequence shorter than " + o +
        " gets the long factors in llama.cpp and the short ones in "
        "transformers.");
    if (context_ > 0 && original > 0) {
      note("With -c " + std::to_string(context_) + " llama.cpp uses the " +
           (double(context_) > original ? "long" : "short") + " factors.");
    }
    if (rope_.scaling.attention_factor) {
      note("The converter computes rope.scaling.attn_factor itself and ignores this config's attention_factor " +
           approx(*rope_.scaling.attention_factor) + ".");
    }
  }

  void llama3() {
    note(
        "No flag expresses llama3 scaling: convert_hf_to_gguf.py bakes its per-pair factors (1, factor, or the "
        "smooth blend between the low_freq_factor and high_freq_factor wavelengths) into the rope_freqs tensor, "
        "which ggml divides each angle by. For a GGUF converted from this config nothing is missing, and "
        "--rope-scale would scale on top of it.");
  }

  void proportional() {
    // transformers' proportional init: int(partial_rotary_factor * head_dim // 2) pairs turn, with exponents
    // over the whole head_dim, and the rest of the head_dim / 2 pairs get inverse frequency 0.
    std::size_t pairs = rope_.frequencies.size(), turning = 0;
    for (double v : rope_.frequencies) turning += v != 0;
    if (pairs == 0 && rope_.head_dim) {
      pairs = rope_.head_dim / 2;
      turning = std::size_t(std::floor(rope_.partial_rotary_factor.value_or(1) * double(rope_.head_dim) / 2));
    }
    const std::string counts = pairs ? " for the " + std::to_string(turning) +
                                           " turning pairs and 1e30 for the other " + std::to_string(pairs - turning)
                                     : std::string(" for the turning pairs and 1e30 for the others");
    note(
        "Proportional RoPE (Gemma 4's full-attention layers) cannot be set by flags: convert_hf_to_gguf.py "
        "(Gemma4Model) writes n_rot = head_dim and a rope_freqs tensor of 1" +
        counts + ", which ggml divides to angle 0; llama.cpp's architecture applies it from the GGUF.");
    const double f = rope_.scaling.factor.value_or(1);
    if (f != 1) {
      flag("--rope-scaling", "linear");
      flag("--rope-scale", float_text("rope.scaling.factor", f));
      note("For a GGUF converted from this config the factor " + format_number(f) +
           " needs these flags: the "
           "converter writes no scaling for 'proportional' (its generic code logs 'Unknown RoPE type').");
    } else {
      note(
          "For a GGUF converted from this config nothing is missing: the converter writes the tensor and "
          "rope_theta as rope.freq_base.");
    }
  }

  void sliding_layers() {
    note(
        "llama.cpp takes one set of RoPE flags for the whole model and applies --rope-freq-base and --rope-scale "
        "to its non-sliding layers only (llama_model::get_rope_freq_base and get_rope_freq_scale); sliding-window "
        "layers such as these '" +
        rope_.layer_type + "' layers (of " + layer_list() +
        ") use the GGUF's "
        "rope.freq_base_swa and a frequency scale set by the architecture's loader, so no flag can set their RoPE.");
    if (rope_.model_type.rfind("gemma3", 0) == 0) {
      note(
          "For a GGUF converted from this config nothing is missing: convert_hf_to_gguf.py writes the "
          "sliding_attention rope_theta (" +
          format_number(rope_.base) +
          ") as rope.freq_base_swa, which Gemma 3's "
          "loader reads (older llama.cpp hard-coded 10000 for Gemma 3's sliding layers).");
    } else {  // other converters name this base differently, or not at all
      note("Check that the GGUF's rope.freq_base_swa (or its architecture's default for sliding-window layers) is " +
           format_number(rope_.base) + ", this config's sliding_attention base.");
    }
    if (kind_ != "default") {
      note("This layer type's '" + kind_ +
           "' scaling has no place in llama.cpp's sliding-window layers, whose "
           "frequency scale comes from the architecture (1 for Gemma 3).");
    }
  }

  // What llama.cpp's architecture, not its flags, decides: pairing, rotary width, M-RoPE sections,
  // the layers without RoPE.
  void structure() {
    if (kind_ != "proportional" && rope_.head_dim && dim_ < rope_.head_dim) {
      note("Only " + std::to_string(dim_) + " of " + std::to_string(rope_.head_dim) +
           " features per head rotate: "
           "llama.cpp takes n_rot from the GGUF's rope.dimension_count, which the converter writes from the model's "
           "partial rotary factor; no flag changes it.");
    }
    if (rope_.pairs != layout::half) {
      note(
          "Pairs are adjacent features (interleaved): llama.cpp's architecture decides the pairing "
          "(llama_model_rope_type: LLAMA_ROPE_TYPE_NORM rotates adjacent features, LLAMA_ROPE_TYPE_NEOX the two "
          "halves; the converter permutes LLaMA-family q and k weights so that NORM reproduces rotate_half), and no "
          "flag changes it.");
    }
    if (!rope_.sections.empty()) {
      note("M-RoPE sections " + list_text(rope_.sections) + (rope_.interleaved_sections ? " (interleaved)" : "") +
           ": llama.cpp reads them from the GGUF's rope.dimension_sections (the converter writes mrope_section, "
           "padded to 4) and its architecture rotates with ggml_rope_multi (" +
           (rope_.interleaved_sections ? "GGML_ROPE_TYPE_IMROPE" : "GGML_ROPE_TYPE_MROPE") +
           "); no flag sets them, and text tokens get the same position in every section.");
    }
    if (!rope_.layers_without_rope.empty()) {
      note(std::to_string(rope_.layers_without_rope.size()) +
           " layers apply no RoPE: llama.cpp's architecture decides which layers skip the rotation, from what the "
           "converter writes into the GGUF; no flag changes it.");
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
  return advisor(rope, context_length).run();
}

}  // namespace posenc

namespace posenc {

llama_cpp_advice llama_cpp_flags(const config_value& config, std::int64_t context_length) {
  const std::vector<std::string> types = config_layer_types(config);
  const auto main_type = std::find(types.begin(), types.end(), "full_attention");
  const std::string first = main_type != types.end() ? *main_type : types.front();
  llama_cpp_advice advice = llama_cpp_flags(rope_from_config(config, first), context_length);
  for (const std::string& type : types) {
    if (type == first) continue;
    for (std::string& note : llama_cpp_flags(rope_from_config(config, type), context_length).notes) {
      if (std::find(advice.notes.begin(), advice.notes.end(), note) == advice.notes.end()) {
        advice.notes.push_back(std::move(note));
      }
    }
  }
  return advice;
}

}  // namespace posenc
