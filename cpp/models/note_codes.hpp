// Every note the model reader emits: its id here, its code in the API, and the names of its values (space
// separated, in the order make_note takes them). web/lib/notes.js holds each code's sentence in English and
// Chinese, and tests/js/notes.test.mjs reads this list to check that none lacks one or a value it shows.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>

#include "posenc/note.hpp"

// X(id, code, value names)
// llama_*: llama_cpp.cpp's notes, the rest model_config.cpp's and the model classes'.
#define POSENC_NOTE_CODES(X)                                                       \
  X(values_turn, "values-turn", "path")                                            \
  X(hunyuan_alpha, "hunyuan-alpha", "path alpha base max")                         \
  X(hunyuan_alpha_past, "hunyuan-alpha-past", "path alpha max seqLen")             \
  X(phimoe_mscale, "phimoe-mscale", "path original")                               \
  X(gte_ntk_plain, "gte-ntk-plain", "path factor")                                 \
  X(unknown_model_type, "unknown-model-type", "modelType")                         \
  X(no_model_type, "no-model-type", "")                                            \
  X(partial_not_applied, "partial-not-applied", "path value")                      \
  X(rotary_dim_not_applied, "rotary-dim-not-applied", "path value rotaryDim")      \
  X(scaling_not_read, "scaling-not-read", "path modelType")                        \
  X(llama4_scaling_beta, "llama4-scaling-beta", "path value")                      \
  X(layers_without_rope, "layers-without-rope", "count layerType")                 \
  X(bamba_default_rope, "bamba-default-rope", "")                                  \
  X(nomic_dynamic_ntk, "nomic-dynamic-ntk", "path value")                          \
  X(minimax_rotary_dim, "minimax-rotary-dim", "path value")                        \
  X(minimax_m3_rotary_dim, "minimax-m3-rotary-dim", "path value")                  \
  X(chatglm_rope_ratio, "chatglm-rope-ratio", "path")                              \
  X(dbrx_attn_base, "dbrx-attn-base", "path value")                                \
  X(paligemma_positions, "paligemma-positions", "")                                \
  X(deepseek_v32_indexer, "deepseek-v32-indexer", "")                              \
  X(hy_v4_indexer, "hy-v4-indexer", "")                                            \
  X(glm5_indexer, "glm5-indexer", "")                                              \
  X(nanochat_rotation, "nanochat-rotation", "")                                    \
  X(t5gemma_decoder, "t5gemma-decoder", "")                                        \
  X(t5gemma2_decoder, "t5gemma2-decoder", "")                                      \
  X(dia_decoder, "dia-decoder", "")                                                \
  X(blt_global, "blt-global", "")                                                  \
  X(qwen_dynamic_ntk, "qwen-dynamic-ntk", "")                                      \
  X(deepseek_v4_slice, "deepseek-v4-slice", "")                                    \
  X(neomme_axes, "neomme-axes", "")                                                \
  X(ernie45_vl_sections, "ernie45-vl-sections", "")                                \
  X(hunyuan_vl_sections, "hunyuan-vl-sections", "")                                \
  X(mlcd_class_token, "mlcd-class-token", "")                                      \
  X(sam3_windowed, "sam3-windowed", "window")                                      \
  X(sam3_global, "sam3-global", "grid window scale")                               \
  X(llama_per_layer, "llama-per-layer", "layers layerType")                        \
  X(llama_default, "llama-default", "base flag")                                   \
  X(llama_past_trained, "llama-past-trained", "context trained")                   \
  X(llama_linear_one, "llama-linear-one", "")                                      \
  X(llama_linear_inverse, "llama-linear-inverse", "inverse")                       \
  X(llama_linear_gguf, "llama-linear-gguf", "factor")                              \
  X(llama_ntk, "llama-ntk", "base factor dim dimLess2 scaled")                     \
  X(llama_ntk_gguf, "llama-ntk-gguf", "")                                          \
  X(llama_gte_mixed, "llama-gte-mixed", "mixedB")                                  \
  X(llama_gte_fixed, "llama-gte-fixed", "base scale dim")                          \
  X(llama_gte_gguf, "llama-gte-gguf", "")                                          \
  X(llama_dynamic_context, "llama-dynamic-context", "max context scaled")          \
  X(llama_dynamic_needed, "llama-dynamic-needed", "")                              \
  X(llama_dynamic_within, "llama-dynamic-within", "max")                           \
  X(llama_dynamic_within_context, "llama-dynamic-within-context", "max context")   \
  X(llama_dynamic_gguf, "llama-dynamic-gguf", "")                                  \
  X(llama_hunyuan_alpha, "llama-hunyuan-alpha", "alpha scaled dim")                \
  X(llama_hunyuan_beyond, "llama-hunyuan-beyond", "max context")                   \
  X(llama_hunyuan_gguf, "llama-hunyuan-gguf", "")                                  \
  X(llama_yarn_one, "llama-yarn-one", "")                                          \
  X(llama_yarn_no_original, "llama-yarn-no-original", "")                          \
  X(llama_yarn_gguf, "llama-yarn-gguf", "")                                        \
  X(llama_yarn_attention, "llama-yarn-attention", "")                              \
  X(llama_yarn_mscale, "llama-yarn-mscale", "ours theirs factor")                  \
  X(llama_yarn_differs, "llama-yarn-differs", "ours theirs factor ratio")          \
  X(llama_yarn_agree, "llama-yarn-agree", "theirs factor")                         \
  X(llama_yarn_untruncated, "llama-yarn-untruncated", "lowGgml highGgml low high") \
  X(llama_longrope, "llama-longrope", "")                                          \
  X(llama_longrope_minicpm3, "llama-longrope-minicpm3", "max original factor")     \
  X(llama_longrope_pick, "llama-longrope-pick", "original")                        \
  X(llama_longrope_long, "llama-longrope-long", "context")                         \
  X(llama_longrope_short, "llama-longrope-short", "context")                       \
  X(llama_longrope_attn, "llama-longrope-attn", "factor")                          \
  X(llama_llama3, "llama-llama3", "")                                              \
  X(llama_proportional, "llama-proportional", "")                                  \
  X(llama_proportional_counts, "llama-proportional-counts", "turning others")      \
  X(llama_proportional_factor, "llama-proportional-factor", "factor")              \
  X(llama_proportional_gguf, "llama-proportional-gguf", "")                        \
  X(llama_sliding, "llama-sliding", "layerType layers")                            \
  X(llama_sliding_gemma3, "llama-sliding-gemma3", "base")                          \
  X(llama_sliding_check, "llama-sliding-check", "base")                            \
  X(llama_sliding_scaling, "llama-sliding-scaling", "type")                        \
  X(llama_partial, "llama-partial", "dim headDim")                                 \
  X(llama_interleaved, "llama-interleaved", "")                                    \
  X(llama_mrope, "llama-mrope", "sections")                                        \
  X(llama_imrope, "llama-imrope", "sections")                                      \
  X(llama_no_rope_layers, "llama-no-rope-layers", "count")                         \
  X(llama_vision_axial, "llama-vision-axial", "")

namespace posenc::detail {

// `none` (0) first: a table row without a note keeps a zero, as its other absent fields do.
enum class note_id {
  none,
#define POSENC_NOTE_ID(id, code, names) id,
  POSENC_NOTE_CODES(POSENC_NOTE_ID)
#undef POSENC_NOTE_ID
};

// A note with its values, named in the order of the list above (a wrong count is a bug: it throws).
note make_note(note_id id, std::initializer_list<std::string> values = {});

// The code a note of this id carries ("layers-without-rope").
const char* note_code(note_id id);

}  // namespace posenc::detail
