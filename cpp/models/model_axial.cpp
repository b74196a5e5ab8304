// The vision encoders' 2-D axial RoPE (model_classes.hpp, vision_axial), as their rotary embeddings build it:
// MLCDRotaryEmbedding (modeling_mlcd.py) and Sam3ViTRotaryEmbedding (modeling_sam3.py). Both turn frequency j
// at base^(-4j/head_dim), j < head_dim / 4, once by the patch's row and once by its column; rope()'s `axial`
// option applies them on a patch grid the caller gives.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "model_resolver.hpp"
#include "posenc/error.hpp"

namespace posenc::detail {

namespace {

// image_size or patch_size: a number, or a list whose first entry Sam3ViTLayer reads.
std::int64_t first_size(const node& n, std::int64_t fallback) {
  if (!n.present()) return fallback;
  const node first = n.value->type == config_value::kind::array ? item(n, 0) : n;
  return integer(first, 1, position_limit);
}

}  // namespace

// Sam3ViTModel: layer i windows its attention (window_size) unless i is in global_attn_indexes or window_size
// is 0; both kinds turn by the same frequencies, on grids of their own.
void resolver::split_vision_layers() {
  const rope_dict d = ropes_.front().second;
  const node window = field("window_size"), global = field("global_attn_indexes");
  const std::int64_t w = window.given() ? integer(window, 0, position_limit) : 24;
  std::vector<std::int64_t> globals = {7, 15, 23, 31};
  if (global.given()) {
    globals.clear();
    const std::size_t n =
        global.present() && global.value->type == config_value::kind::array ? global.value->items.size() : 0;
    for (std::size_t i = 0; i < n; ++i) globals.push_back(integer(item(global, i), 0, max_layers));
  }
  bool windowed = false, full = false;
  for (std::size_t i = 0, n = layers(); i < n; ++i) {
    const bool is_global = w == 0 || std::find(globals.begin(), globals.end(), std::int64_t(i)) != globals.end();
    (is_global ? full : windowed) = true;
  }
  ropes_.clear();
  if (windowed) ropes_.emplace_back("windowed_attention", d);
  if (full) ropes_.emplace_back("global_attention", d);
}

// image_size // patch_size: the side of the patch grid SAM 3's global layers turn (their rotary's end_x).
std::int64_t resolver::sam3_grid(std::string& path) {
  const node image = field("image_size"), patch = field("patch_size");
  const std::int64_t grid = first_size(image, 1008) / first_size(patch, 14);
  path = image.path;
  if (grid < 1) fail(path, "at least patch_size (a grid of one patch or more)", double(first_size(image, 1008)));
  return grid;
}

void resolver::resolve_axial(model_rope& out) {
  std::string head_path;
  out.head_dim = head_dim(out.layer_type, head_path);
  if (out.head_dim < 4 || out.head_dim % 4 != 0)
    fail(head_path, "a multiple of 4 (2-D axial RoPE turns half the head by each axis)", double(out.head_dim));
  out.rotary_dim = out.qk_head_dim = out.head_dim;
  out.pairs = class_->pairs;
  out.frequencies = rope_frequencies(out.head_dim / 2, out.base);  // base^(-4j/head_dim): one axis's pairs
  if (class_->axial == vision_axial::mlcd) {
    out.axial = axial_axes::yx;
    out.notes.push_back(make_note(note_id::mlcd_class_token));
    return;
  }
  out.axial = axial_axes::xy;
  const node window = field("window_size");
  const std::int64_t w = window.given() ? integer(window, 0, position_limit) : 24;
  if (out.layer_type == "windowed_attention") {
    out.notes.push_back(make_note(note_id::sam3_windowed, {std::to_string(w)}));
    return;
  }
  // Sam3ViTRotaryEmbedding's scale, window_size / grid, multiplies every position: here, every frequency
  std::string path;
  const std::int64_t grid = sam3_grid(path);
  const double scale = double(w) / double(grid);
  for (double& f : out.frequencies) f *= scale;
  out.notes.push_back(make_note(note_id::sam3_global, {std::to_string(grid), std::to_string(w), format_number(scale)}));
}

}  // namespace posenc::detail
