#include "parameters.hpp"

#include "gaussian.hpp"
#include "posenc/learned.hpp"
#include "tasks.hpp"

namespace posenc::lab {

parameter_layout make_layout(const lab_options& o) {
  parameter_layout p;
  const auto add = [&p](std::string name, std::size_t rows, std::size_t cols, initial init, bool decay) {
    p.tensors.push_back({std::move(name), rows, cols, p.total, init, decay});
    p.total += rows * cols;
    return p.tensors.back().offset;
  };
  const std::size_t d = std::size_t(o.dim), f = std::size_t(o.hidden), v = std::size_t(vocabulary(o));
  p.token_embedding = add("token_embedding", v, d, initial::embedding, false);
  if (o.scheme == encoding::learned)
    p.position_embedding = add("position_embedding", std::size_t(o.max_positions), d, initial::position_table, false);
  if (o.scheme == encoding::relative)
    p.relative_embedding =
        add("relative_embedding", std::size_t(2 * o.relative_distance + 1), d, initial::normal, false);
  if (o.scheme == encoding::t5)
    p.t5_bias = add("t5_bias", std::size_t(o.t5_buckets), std::size_t(o.heads), initial::normal, false);
  for (std::int64_t l = 0; l < o.layers; ++l) {
    const std::string n = "layers." + std::to_string(l) + ".";
    layer_offsets L;
    L.ln1_weight = add(n + "ln1.weight", 1, d, initial::ones, false);
    L.ln1_bias = add(n + "ln1.bias", 1, d, initial::zeros, false);
    L.wq = add(n + "wq", d, d, initial::normal, true);
    L.wk = add(n + "wk", d, d, initial::normal, true);
    L.wv = add(n + "wv", d, d, initial::normal, true);
    L.wo = add(n + "wo", d, d, initial::normal, true);
    L.ln2_weight = add(n + "ln2.weight", 1, d, initial::ones, false);
    L.ln2_bias = add(n + "ln2.bias", 1, d, initial::zeros, false);
    L.w1 = add(n + "w1", d, f, initial::normal, true);
    L.b1 = add(n + "b1", 1, f, initial::zeros, false);
    L.w2 = add(n + "w2", f, d, initial::normal, true);
    L.b2 = add(n + "b2", 1, d, initial::zeros, false);
    p.layers.push_back(L);
  }
  p.final_weight = add("final_ln.weight", 1, d, initial::ones, false);
  p.final_bias = add("final_ln.bias", 1, d, initial::zeros, false);
  p.output = add("output", d, v, initial::normal, true);
  return p;
}

std::vector<float> initial_parameters(const lab_options& o, const parameter_layout& layout) {
  std::vector<float> values(layout.total, 0.0f);
  for (std::size_t i = 0; i < layout.tensors.size(); ++i) {
    const tensor& t = layout.tensors[i];
    float* out = values.data() + t.offset;
    switch (t.init) {
      case initial::ones:
        for (std::size_t j = 0; j < t.size(); ++j) out[j] = 1.0f;
        break;
      case initial::zeros:
        break;
      case initial::normal:
      case initial::embedding:
        gaussian::scaled_normals(std::uint64_t(o.seed), parameter_stream + i, 0, t.size(),
                                 t.init == initial::embedding ? o.embedding_std : o.init_std, out);
        break;
      case initial::position_table: {
        // The core's learned table: the rows training never reaches keep exactly these values.
        const std::vector<float> table = gaussian_table(t.rows, t.cols, std::uint64_t(o.seed), o.init_std);
        for (std::size_t j = 0; j < t.size(); ++j) out[j] = table[j];
        break;
      }
    }
  }
  return values;
}

}  // namespace posenc::lab
