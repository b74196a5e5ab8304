// rope_apply's options for a RoPE resolved from a model config.
#include "posenc/model_config.hpp"

namespace posenc {

rope_options rope_options_of(const model_rope& r) {
  rope_options o;
  o.dim = r.head_dim;
  o.rotary_dim = r.rotary_dim;
  o.pairs = r.pairs;
  o.frequencies = r.frequencies;
  o.attention_factor = r.attention_factor;
  o.sections = r.sections;
  o.interleaved_sections = r.interleaved_sections;
  o.axial = r.axial;
  if (r.axial) o.frequencies.insert(o.frequencies.end(), r.frequencies.begin(), r.frequencies.end());
  return o;
}

}  // namespace posenc
