// The per-architecture table of model_classes.hpp. Defaults are the configuration classes'
// field defaults on transformers main; every entry names the file it comes from.
#include "model_classes.hpp"

namespace posenc::detail {

namespace {

struct named_class {
  const char* model_type;
  model_class c;
};

model_class make(family kind, double theta, double hidden, double heads, double max_positions) {
  model_class c;
  c.kind = kind;
  c.theta = theta;
  c.hidden_size = hidden;
  c.num_attention_heads = heads;
  c.max_position_embeddings = max_positions;
  return c;
}

model_class with_head_dim(model_class c, double head_dim) {
  c.head_dim = head_dim;
  return c;
}

model_class as_wrapper(model_class c, text_source text) {
  c.text = text;
  return c;
}

model_class without_rope(const char* what) {
  model_class c;
  c.kind = family::none;
  c.no_rope = what;
  return c;
}

// configuration_gemma3.py: Gemma3TextConfig (default_theta {"global": 1e6, "local": 1e4}).
model_class gemma3() {
  model_class c = with_head_dim(make(family::gemma3, 1e6, 2304, 8, 131072), 256);
  c.local_theta = 1e4;
  return c;
}

// configuration_gemma4.py: Gemma4TextConfig; default rope_parameters sliding {default, 1e4},
// full {proportional, partial_rotary_factor 0.25, 1e6}; global_head_dim 512.
model_class gemma4() {
  model_class c = with_head_dim(make(family::gemma4, 1e6, 2304, 8, 131072), 256);
  c.local_theta = 1e4;
  return c;
}

// configuration_phi3.py: original_max_position_embeddings: int = 4096; its default RoPE reads
// partial_rotary_factor (modeling_phi3.py), default 1.0.
model_class phi3() {
  model_class c = make(family::phi3, 1e4, 3072, 32, 4096);
  c.original_max_position_embeddings = 4096;
  c.partial_rotary_factor = 1.0;
  c.default_rope_partial = true;
  return c;
}

// configuration_phi.py: kwargs.setdefault("partial_rotary_factor", 0.5), read by PhiRotaryEmbedding.
model_class phi() {
  model_class c = make(family::phi, 1e4, 2048, 32, 2048);
  c.partial_rotary_factor = 0.5;
  c.default_rope_partial = true;
  return c;
}

// configuration_gpt_neox.py: rotary_pct 0.25, rotary_emb_base 10000.
model_class gpt_neox() {
  model_class c = make(family::gpt_neox, 1e4, 6144, 64, 2048);
  c.partial_rotary_factor = 0.25;
  c.default_rope_partial = true;
  return c;
}

// configuration_deepseek_v3.py: head_dim = qk_rope_head_dim (64); rope_interleave True.
model_class deepseek_v3() {
  model_class c = with_head_dim(make(family::deepseek_v3, 1e4, 7168, 128, 4096), 64);
  c.pairs = layout::interleaved;
  return c;
}

// configuration_gptj.py: n_embd 4096, n_head 16, n_positions 2048, rotary_dim 64; modeling_gptj.py
// create_sinusoidal_positions with base 10000 and rotate_every_two.
model_class gptj() {
  model_class c = make(family::gptj, 1e4, 4096, 16, 2048);
  c.pairs = layout::interleaved;
  return c;
}

const named_class classes[] = {
    {"llama", make(family::llama, 1e4, 4096, 32, 2048)},                       // configuration_llama.py
    {"mistral", make(family::mistral, 1e4, 4096, 32, 4096 * 32)},              // configuration_mistral.py
    {"qwen2", make(family::qwen2, 1e4, 4096, 32, 32768)},                      // configuration_qwen2.py
    {"qwen3", with_head_dim(make(family::qwen3, 1e4, 4096, 32, 32768), 128)},  // configuration_qwen3.py
    // configuration_qwen2_vl.py / configuration_qwen2_5_vl.py: Qwen2VLTextConfig default_theta 1e6.
    {"qwen2_vl", as_wrapper(make(family::qwen2_vl, 1e6, 8192, 64, 32768), text_source::sub_or_flat)},
    {"qwen2_vl_text", make(family::qwen2_vl, 1e6, 8192, 64, 32768)},
    {"qwen2_5_vl", as_wrapper(make(family::qwen2_vl, 1e6, 8192, 64, 32768), text_source::sub_or_flat)},
    {"qwen2_5_vl_text", make(family::qwen2_vl, 1e6, 8192, 64, 32768)},
    // configuration_qwen3_vl.py: Qwen3VLTextConfig default_theta 5e5, head_dim 128.
    {"qwen3_vl",
     as_wrapper(with_head_dim(make(family::qwen3_vl, 5e5, 4096, 32, 128000), 128), text_source::sub_or_defaults)},
    {"qwen3_vl_text", with_head_dim(make(family::qwen3_vl, 5e5, 4096, 32, 128000), 128)},
    {"qwen3_vl_moe",
     as_wrapper(with_head_dim(make(family::qwen3_vl, 5e5, 2048, 32, 128000), 128), text_source::sub_or_defaults)},
    {"qwen3_vl_moe_text", with_head_dim(make(family::qwen3_vl, 5e5, 2048, 32, 128000), 128)},
    {"gemma3", as_wrapper(gemma3(), text_source::sub_or_defaults)},
    {"gemma3_text", gemma3()},
    {"gemma4", as_wrapper(gemma4(), text_source::sub_or_defaults)},
    {"gemma4_text", gemma4()},
    // configuration_gpt_oss.py: default_theta 150000, head_dim 64, default rope_parameters yarn.
    {"gpt_oss", with_head_dim(make(family::gpt_oss, 150000, 2880, 64, 131072), 64)},
    {"deepseek_v3", deepseek_v3()},
    {"phi3", phi3()},
    {"phi", phi()},
    {"gpt_neox", gpt_neox()},
    {"gptj", gptj()},
    {"gpt2", without_rope("learned absolute position embeddings")},
    {"gpt_neo", without_rope("learned absolute position embeddings")},
    {"gpt_bigcode", without_rope("learned absolute position embeddings")},
    {"opt", without_rope("learned absolute position embeddings")},
    {"bert", without_rope("learned absolute position embeddings")},
    {"roberta", without_rope("learned absolute position embeddings")},
    {"bloom", without_rope("ALiBi attention biases")},
    {"mpt", without_rope("ALiBi attention biases")},
    {"t5", without_rope("relative position buckets")},
};

}  // namespace

const model_class& model_class_of(std::string_view model_type) {
  static const model_class generic;
  for (const auto& entry : classes) {
    if (model_type == entry.model_type) return entry.c;
  }
  return generic;
}

}  // namespace posenc::detail
