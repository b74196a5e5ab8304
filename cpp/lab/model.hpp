// The transformer of the lab, for float (training) and double (the gradient check's reference),
// with its forward and hand-written backward pass. A batch is packed row after row ([rows x dim],
// one row per input token of every example); attention runs per example and head.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "gemm.hpp"
#include "parameters.hpp"
#include "positional.hpp"

namespace posenc::lab {

template <class T>
struct products {
  using product = void (*)(std::size_t, std::size_t, std::size_t, const T*, std::size_t, const T*, std::size_t, T*,
                           std::size_t, bool);
  product nn, nt, tn;
};

// Float through a table of gemm.hpp (SIMD or scalar); double through the references.
products<float> float_products(const gemm::table& t);
products<double> double_products();

template <class T>
class model {
 public:
  model(const lab_options& o, const parameter_layout& layout, products<T> ops);

  // The mean cross-entropy over the answer tokens of the batch (in double). With grads, also its
  // gradient with respect to every parameter, written over grads[0 .. layout.total).
  double loss(const T* params, const std::vector<example>& batch, const positional_tables<T>& tables, T* grads);

  // Forward only; then argmax(row) gives the prediction of each input row of the batch, and
  // probabilities(layer, head, example) the attention weights [len x len] of one example.
  void run(const T* params, const std::vector<example>& batch, const positional_tables<T>& tables);
  std::int32_t argmax(std::size_t row) const;
  std::size_t first_row(std::size_t example) const { return offsets_[example]; }
  std::vector<T> probabilities(std::size_t layer, std::size_t head, std::size_t example) const;

 private:
  struct layer_cache {
    std::vector<T> input, h1, mean1, rstd1, q, k, v, probs, att, mid, h2, mean2, rstd2, u, cdf, g;
    std::vector<T> kr, qr;  // relative: the table through this layer's wk and wq
  };
  void pack(const std::vector<example>& batch);
  void forward(const T* params, const positional_tables<T>& tables);
  void attention_forward(const T* params, const positional_tables<T>& tables, std::size_t l);
  void scores(const positional_tables<T>& tables, std::size_t l, std::size_t s, std::size_t h, T* out);
  void rotate(T* x, const positional_tables<T>& tables, bool backward) const;
  double output_loss(const T* params, T* grads);
  void backward(const T* params, const positional_tables<T>& tables, T* grads);
  void attention_backward(const T* params, const positional_tables<T>& tables, std::size_t l, T* grads);
  void head_backward(const positional_tables<T>& tables, std::size_t l, std::size_t s, std::size_t h, T* grads);

  lab_options o_;
  const parameter_layout& layout_;
  products<T> ops_;
  std::size_t d_, f_, v_, heads_, head_dim_, relative_rows_;
  T scale_;
  // the packed batch
  std::size_t rows_ = 0;
  std::vector<std::int32_t> tokens_, targets_, positions_;
  std::vector<std::uint8_t> answer_;
  std::vector<std::size_t> offsets_, lengths_, prob_offsets_;
  // activations, kept for the backward pass
  std::vector<layer_cache> layers_;
  std::vector<T> x_, final_in_, hf_, meanf_, rstdf_, logits_;
  // gradients in flight
  std::vector<T> dx_, dh_, datt_, dq_, dk_, dv_, du_, dg_, dlogits_, dhf_, dscores_, dprobs_;
  std::vector<T> dc2p_, dp2c_, c2p_, p2c_, dkr_, dqr_;
};

extern template class model<float>;
extern template class model<double>;

}  // namespace posenc::lab
