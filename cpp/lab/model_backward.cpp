// The backward pass, written by hand, in the reverse order of model_forward.cpp. Each step names
// the forward operation whose transpose it applies.
#include <algorithm>
#include <cmath>

#include "blocks.hpp"
#include "model.hpp"

namespace posenc::lab {

// Softmax cross-entropy on the answer rows, averaged over them; dlogits = (p - onehot) / count.
template <class T>
double model<T>::output_loss(const T* params, T* grads) {
  (void)params;
  std::size_t count = 0;
  for (std::uint8_t a : answer_) count += a;
  if (grads) dlogits_.assign(rows_ * v_, T(0));
  double total = 0;
  std::vector<T> p(v_);
  for (std::size_t r = 0; r < rows_; ++r) {
    if (!answer_[r]) continue;
    std::copy(logits_.begin() + std::ptrdiff_t(r * v_), logits_.begin() + std::ptrdiff_t((r + 1) * v_), p.begin());
    blocks::softmax(p.data(), v_);
    const std::size_t target = std::size_t(targets_[r]);
    total -= std::log(double(p[target]));
    if (grads) {
      for (std::size_t j = 0; j < v_; ++j) dlogits_[r * v_ + j] = p[j] / T(count);
      dlogits_[r * v_ + target] -= T(1) / T(count);
    }
  }
  return count ? total / double(count) : 0.0;
}

// One example s and head h of layer l: from datt_ (the head's output gradient) to dq_, dk_, dv_
// (and the relative table's or T5's gradients).
template <class T>
void model<T>::head_backward(const positional_tables<T>& t, std::size_t l, std::size_t s, std::size_t h, T* grads) {
  const layer_cache& c = layers_[l];
  const std::size_t n = lengths_[s], first = offsets_[s] * d_ + h * head_dim_;
  const std::int32_t* pos = positions_.data() + offsets_[s];
  const T* p = c.probs.data() + prob_offsets_[s] + h * n * n;
  dprobs_.resize(n * n), dscores_.resize(n * n);
  // o = P v
  ops_.nt(n, n, head_dim_, datt_.data() + first, d_, c.v.data() + first, d_, dprobs_.data(), n, false);
  ops_.tn(n, head_dim_, n, p, n, datt_.data() + first, d_, dv_.data() + first, d_, false);
  // softmax, then the biases added after the scale (ALiBi's has no parameter)
  for (std::size_t i = 0; i < n; ++i) {
    T dot = T(0);
    for (std::size_t j = 0; j <= i; ++j) dot += p[i * n + j] * dprobs_[i * n + j];
    for (std::size_t j = 0; j < n; ++j) {
      const T ds = j <= i ? p[i * n + j] * (dprobs_[i * n + j] - dot) : T(0);
      if (t.scheme == encoding::t5 && j <= i)
        grads[layout_.t5_bias + std::size_t(t.t5_buckets[std::size_t(pos[i] - pos[j])]) * heads_ + h] += ds;
      dscores_[i * n + j] = ds * scale_;
    }
  }
  // scale * q k^T
  ops_.nn(n, head_dim_, n, dscores_.data(), n, c.k.data() + first, d_, dq_.data() + first, d_, false);
  ops_.tn(n, head_dim_, n, dscores_.data(), n, c.q.data() + first, d_, dk_.data() + first, d_, false);
  if (t.scheme != encoding::relative) return;
  // scale * (q_i . kr[clip(p_i - p_j)] + k_j . qr[clip(p_j - p_i)])
  const std::size_t R = relative_rows_;
  const std::int64_t k = t.relative_distance;
  const auto clip = [k](std::int64_t d) { return std::size_t(std::clamp(d, -k, k) + k); };
  dc2p_.assign(n * R, T(0)), dp2c_.assign(n * R, T(0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j <= i; ++j) {
      const std::int64_t distance = pos[i] - pos[j];
      dc2p_[i * R + clip(distance)] += dscores_[i * n + j];
      dp2c_[j * R + clip(-distance)] += dscores_[i * n + j];
    }
  const std::size_t hc = h * head_dim_;
  ops_.nn(n, head_dim_, R, dc2p_.data(), R, c.kr.data() + hc, d_, dq_.data() + first, d_, true);
  ops_.tn(R, head_dim_, n, dc2p_.data(), R, c.q.data() + first, d_, dkr_.data() + hc, d_, true);
  ops_.nn(n, head_dim_, R, dp2c_.data(), R, c.qr.data() + hc, d_, dk_.data() + first, d_, true);
  ops_.tn(R, head_dim_, n, dp2c_.data(), R, c.k.data() + first, d_, dqr_.data() + hc, d_, true);
}

// From dx_ (the gradient at the block's output, attention part) to dh_ (at the LayerNorm's output).
template <class T>
void model<T>::attention_backward(const T* params, const positional_tables<T>& t, std::size_t l, T* grads) {
  const layer_cache& c = layers_[l];
  const layer_offsets& L = layout_.layers[l];
  // x += att wo
  ops_.tn(d_, d_, rows_, c.att.data(), d_, dx_.data(), d_, grads + L.wo, d_, true);
  ops_.nt(rows_, d_, d_, dx_.data(), d_, params + L.wo, d_, datt_.data(), d_, false);
  const bool relative = t.scheme == encoding::relative;
  if (relative) dkr_.assign(relative_rows_ * d_, T(0)), dqr_.assign(relative_rows_ * d_, T(0));
  for (std::size_t s = 0; s < lengths_.size(); ++s)
    for (std::size_t h = 0; h < heads_; ++h) head_backward(t, l, s, h, grads);
  if (t.scheme == encoding::rope) {
    rotate(dq_.data(), t, true);
    rotate(dk_.data(), t, true);
  }
  // q, k, v = h1 wq, h1 wk, h1 wv
  ops_.tn(d_, d_, rows_, c.h1.data(), d_, dq_.data(), d_, grads + L.wq, d_, true);
  ops_.tn(d_, d_, rows_, c.h1.data(), d_, dk_.data(), d_, grads + L.wk, d_, true);
  ops_.tn(d_, d_, rows_, c.h1.data(), d_, dv_.data(), d_, grads + L.wv, d_, true);
  ops_.nt(rows_, d_, d_, dq_.data(), d_, params + L.wq, d_, dh_.data(), d_, false);
  ops_.nt(rows_, d_, d_, dk_.data(), d_, params + L.wk, d_, dh_.data(), d_, true);
  ops_.nt(rows_, d_, d_, dv_.data(), d_, params + L.wv, d_, dh_.data(), d_, true);
  if (relative) {
    // kr, qr = table wk, table wq
    const T* table = params + layout_.relative_embedding;
    T* dtable = grads + layout_.relative_embedding;
    ops_.tn(d_, d_, relative_rows_, table, d_, dkr_.data(), d_, grads + L.wk, d_, true);
    ops_.tn(d_, d_, relative_rows_, table, d_, dqr_.data(), d_, grads + L.wq, d_, true);
    ops_.nt(relative_rows_, d_, d_, dkr_.data(), d_, params + L.wk, d_, dtable, d_, true);
    ops_.nt(relative_rows_, d_, d_, dqr_.data(), d_, params + L.wq, d_, dtable, d_, true);
  }
}

template <class T>
void model<T>::backward(const T* params, const positional_tables<T>& t, T* grads) {
  std::fill(grads, grads + layout_.total, T(0));
  const std::size_t nd = rows_ * d_;
  for (auto* b : {&dx_, &dh_, &datt_, &dq_, &dk_, &dv_, &dhf_}) b->resize(nd);
  du_.resize(rows_ * f_), dg_.resize(rows_ * f_);
  // logits = hf output; hf = LayerNorm(final_in)
  ops_.tn(d_, v_, rows_, hf_.data(), d_, dlogits_.data(), v_, grads + layout_.output, v_, true);
  ops_.nt(rows_, d_, v_, dlogits_.data(), v_, params + layout_.output, v_, dhf_.data(), d_, false);
  for (std::size_t r = 0; r < rows_; ++r)
    blocks::layer_norm_row_backward(final_in_.data() + r * d_, d_, params + layout_.final_weight, meanf_[r], rstdf_[r],
                                    dhf_.data() + r * d_, dx_.data() + r * d_, grads + layout_.final_weight,
                                    grads + layout_.final_bias);
  for (std::size_t l = layers_.size(); l-- > 0;) {
    const layer_cache& c = layers_[l];
    const layer_offsets& L = layout_.layers[l];
    // x += gelu(h2 w1 + b1) w2 + b2
    for (std::size_t r = 0; r < rows_; ++r)
      for (std::size_t i = 0; i < d_; ++i) grads[L.b2 + i] += dx_[r * d_ + i];
    ops_.tn(f_, d_, rows_, c.g.data(), f_, dx_.data(), d_, grads + L.w2, d_, true);
    ops_.nt(rows_, f_, d_, dx_.data(), d_, params + L.w2, d_, dg_.data(), f_, false);
    for (std::size_t r = 0; r < rows_; ++r)
      for (std::size_t i = 0; i < f_; ++i) {
        du_[r * f_ + i] = dg_[r * f_ + i] * blocks::gelu_derivative(c.u[r * f_ + i], c.cdf[r * f_ + i]);
        grads[L.b1 + i] += du_[r * f_ + i];
      }
    ops_.tn(d_, f_, rows_, c.h2.data(), d_, du_.data(), f_, grads + L.w1, f_, true);
    ops_.nt(rows_, d_, f_, du_.data(), f_, params + L.w1, f_, dh_.data(), d_, false);
    for (std::size_t r = 0; r < rows_; ++r) {
      T* dxr = dx_.data() + r * d_;
      T* dmid = datt_.data() + r * d_;  // scratch: the LayerNorm's input gradient
      blocks::layer_norm_row_backward(c.mid.data() + r * d_, d_, params + L.ln2_weight, c.mean2[r], c.rstd2[r],
                                      dh_.data() + r * d_, dmid, grads + L.ln2_weight, grads + L.ln2_bias);
      for (std::size_t i = 0; i < d_; ++i) dxr[i] += dmid[i];
    }
    attention_backward(params, t, l, grads);
    for (std::size_t r = 0; r < rows_; ++r) {
      T* dxr = dx_.data() + r * d_;
      T* din = dhf_.data() + r * d_;  // scratch
      blocks::layer_norm_row_backward(c.input.data() + r * d_, d_, params + L.ln1_weight, c.mean1[r], c.rstd1[r],
                                      dh_.data() + r * d_, din, grads + L.ln1_weight, grads + L.ln1_bias);
      for (std::size_t i = 0; i < d_; ++i) dxr[i] += din[i];
    }
  }
  // x = token_embedding[t] (+ position_embedding[p])
  for (std::size_t r = 0; r < rows_; ++r)
    for (std::size_t i = 0; i < d_; ++i) {
      grads[layout_.token_embedding + std::size_t(tokens_[r]) * d_ + i] += dx_[r * d_ + i];
      if (o_.scheme == encoding::learned)
        grads[layout_.position_embedding + std::size_t(positions_[r]) * d_ + i] += dx_[r * d_ + i];
    }
}

#define POSENC_LAB_BACKWARD(T)                                                                                   \
  template double model<T>::output_loss(const T*, T*);                                                           \
  template void model<T>::head_backward(const positional_tables<T>&, std::size_t, std::size_t, std::size_t, T*); \
  template void model<T>::attention_backward(const T*, const positional_tables<T>&, std::size_t, T*);            \
  template void model<T>::backward(const T*, const positional_tables<T>&, T*);
POSENC_LAB_BACKWARD(float)
POSENC_LAB_BACKWARD(double)
#undef POSENC_LAB_BACKWARD

}  // namespace posenc::lab
