// The forward pass: embeddings, blocks of attention and MLP, the loss on the answer tokens.
#include <algorithm>
#include <cmath>
#include <limits>

#include "blocks.hpp"
#include "kernels.hpp"
#include "model.hpp"

namespace posenc::lab {

products<float> float_products(const gemm::table& t) { return {t.nn, t.nt, t.tn}; }
products<double> double_products() {
  return {gemm::nn_reference<double>, gemm::nt_reference<double>, gemm::tn_reference<double>};
}

template <class T>
model<T>::model(const lab_options& o, const parameter_layout& layout, products<T> ops)
    : o_(o),
      layout_(layout),
      ops_(ops),
      d_(std::size_t(o.dim)),
      f_(std::size_t(o.hidden)),
      v_(std::size_t(vocabulary(o))),
      heads_(std::size_t(o.heads)),
      head_dim_(std::size_t(o.dim / o.heads)),
      relative_rows_(std::size_t(2 * o.relative_distance + 1)),
      layers_(std::size_t(o.layers)) {
  // DeBERTa scales its three terms together by 1 / sqrt(3 d_head)
  scale_ = T(1) / std::sqrt(T(head_dim_) * (o.scheme == encoding::relative ? T(3) : T(1)));
}

template <class T>
void model<T>::pack(const std::vector<example>& batch) {
  rows_ = 0;
  tokens_.clear(), targets_.clear(), positions_.clear(), answer_.clear();
  offsets_.clear(), lengths_.clear(), prob_offsets_.clear();
  std::size_t probs = 0;
  for (const example& e : batch) {
    const std::size_t n = e.positions.size();
    offsets_.push_back(rows_);
    lengths_.push_back(n);
    prob_offsets_.push_back(probs);
    probs += heads_ * n * n;
    tokens_.insert(tokens_.end(), e.tokens.begin(), e.tokens.end() - 1);
    targets_.insert(targets_.end(), e.tokens.begin() + 1, e.tokens.end());
    positions_.insert(positions_.end(), e.positions.begin(), e.positions.end());
    answer_.insert(answer_.end(), e.answer.begin(), e.answer.end());
    rows_ += n;
  }
  const std::size_t nd = rows_ * d_;
  for (layer_cache& c : layers_) {
    for (auto* b : {&c.input, &c.h1, &c.q, &c.k, &c.v, &c.att, &c.mid, &c.h2}) b->resize(nd);
    for (auto* b : {&c.mean1, &c.rstd1, &c.mean2, &c.rstd2}) b->resize(rows_);
    c.u.resize(rows_ * f_);
    c.cdf.resize(rows_ * f_);
    c.g.resize(rows_ * f_);
    c.probs.resize(probs);
  }
  x_.resize(nd), final_in_.resize(nd), hf_.resize(nd), meanf_.resize(rows_), rstdf_.resize(rows_);
  logits_.resize(rows_ * v_);
}

// RoPE on every head of every row of x ([rows x dim]) by the row's position; backward turns the
// other way (the transpose of a rotation is its inverse). Float goes through the core's kernels.
template <class T>
void model<T>::rotate(T* x, const positional_tables<T>& t, bool backward) const {
  const std::size_t half = t.rotary / 2;
  const std::vector<T>& sines = backward ? t.sin_back : t.sin;
  for (std::size_t r = 0; r < rows_;) {
    // a run of consecutive positions takes consecutive table rows: one kernel call for all of it
    std::size_t run = 1;
    while (r + run < rows_ && positions_[r + run] == positions_[r] + std::int32_t(run)) ++run;
    const T* c = t.cos.data() + std::size_t(positions_[r]) * half;
    const T* s = sines.data() + std::size_t(positions_[r]) * half;
    T* rows = x + r * d_;
    if constexpr (std::is_same_v<T, float>) {
      const kernels::kernel_table& k = kernels::active_table();
      float scratch[2 * 512];
      if (t.pairs == layout::interleaved)
        k.rotate_interleaved(rows, run, heads_, head_dim_, t.rotary, c, s, half, scratch);
      else
        k.rotate_half(rows, run, heads_, head_dim_, t.rotary, c, s, half);
    } else {
      const bool interleaved = t.pairs == layout::interleaved;
      for (std::size_t q = 0; q < run; ++q)
        for (std::size_t h = 0; h < heads_; ++h)
          for (std::size_t i = 0; i < half; ++i) {
            T& a = rows[q * d_ + h * head_dim_ + (interleaved ? 2 * i : i)];
            T& b = rows[q * d_ + h * head_dim_ + (interleaved ? 2 * i + 1 : i + half)];
            const T a0 = a, b0 = b;
            a = a0 * c[q * half + i] - b0 * s[q * half + i];
            b = b0 * c[q * half + i] + a0 * s[q * half + i];
          }
    }
    r += run;
  }
}

// The logits of example s, head h ([len x len], -inf above the diagonal), before the softmax.
template <class T>
void model<T>::scores(const positional_tables<T>& t, std::size_t l, std::size_t s, std::size_t h, T* out) {
  const layer_cache& c = layers_[l];
  const std::size_t n = lengths_[s], first = offsets_[s] * d_ + h * head_dim_;
  const std::int32_t* pos = positions_.data() + offsets_[s];
  ops_.nt(n, n, head_dim_, c.q.data() + first, d_, c.k.data() + first, d_, out, n, false);
  const bool relative = t.scheme == encoding::relative;
  std::vector<T>& c2p = c2p_;
  std::vector<T>& p2c = p2c_;
  const std::size_t R = relative_rows_;
  const std::int64_t k = t.relative_distance;
  if (relative) {
    c2p.resize(n * R), p2c.resize(n * R);
    ops_.nt(n, R, head_dim_, c.q.data() + first, d_, c.kr.data() + h * head_dim_, d_, c2p.data(), R, false);
    ops_.nt(n, R, head_dim_, c.k.data() + first, d_, c.qr.data() + h * head_dim_, d_, p2c.data(), R, false);
  }
  const auto clip = [k](std::int64_t d) { return std::size_t(std::clamp(d, -k, k) + k); };
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      T& v = out[i * n + j];
      if (j > i) {
        v = -std::numeric_limits<T>::infinity();
        continue;
      }
      const std::int64_t distance = pos[i] - pos[j];
      if (relative) v += c2p[i * R + clip(distance)] + p2c[j * R + clip(-distance)];
      v *= scale_;
      if (t.scheme == encoding::alibi) v -= t.slopes[h] * T(distance);
    }
}

template <class T>
void model<T>::attention_forward(const T* params, const positional_tables<T>& t, std::size_t l) {
  layer_cache& c = layers_[l];
  const layer_offsets& L = layout_.layers[l];
  ops_.nn(rows_, d_, d_, c.h1.data(), d_, params + L.wq, d_, c.q.data(), d_, false);
  ops_.nn(rows_, d_, d_, c.h1.data(), d_, params + L.wk, d_, c.k.data(), d_, false);
  ops_.nn(rows_, d_, d_, c.h1.data(), d_, params + L.wv, d_, c.v.data(), d_, false);
  if (t.scheme == encoding::rope) {
    rotate(c.q.data(), t, false);
    rotate(c.k.data(), t, false);
  }
  if (t.scheme == encoding::relative) {
    const T* table = params + layout_.relative_embedding;
    c.kr.resize(relative_rows_ * d_), c.qr.resize(relative_rows_ * d_);
    ops_.nn(relative_rows_, d_, d_, table, d_, params + L.wk, d_, c.kr.data(), d_, false);
    ops_.nn(relative_rows_, d_, d_, table, d_, params + L.wq, d_, c.qr.data(), d_, false);
  }
  for (std::size_t s = 0; s < lengths_.size(); ++s) {
    const std::size_t n = lengths_[s], first = offsets_[s] * d_;
    const std::int32_t* pos = positions_.data() + offsets_[s];
    for (std::size_t h = 0; h < heads_; ++h) {
      T* p = c.probs.data() + prob_offsets_[s] + h * n * n;
      scores(t, l, s, h, p);
      for (std::size_t i = 0; i < n; ++i) {
        if (t.scheme == encoding::t5)
          for (std::size_t j = 0; j <= i; ++j)
            p[i * n + j] +=
                params[layout_.t5_bias + std::size_t(t.t5_buckets[std::size_t(pos[i] - pos[j])]) * heads_ + h];
        blocks::softmax(p + i * n, i + 1);
        for (std::size_t j = i + 1; j < n; ++j) p[i * n + j] = T(0);
      }
      ops_.nn(n, head_dim_, n, p, n, c.v.data() + first + h * head_dim_, d_, c.att.data() + first + h * head_dim_, d_,
              false);
    }
  }
}

template <class T>
void model<T>::forward(const T* params, const positional_tables<T>& t) {
  for (std::size_t r = 0; r < rows_; ++r) {
    T* x = x_.data() + r * d_;
    const T* e = params + layout_.token_embedding + std::size_t(tokens_[r]) * d_;
    for (std::size_t i = 0; i < d_; ++i) x[i] = e[i];
    const std::size_t p = std::size_t(positions_[r]);
    if (o_.scheme == encoding::learned)
      for (std::size_t i = 0; i < d_; ++i) x[i] += params[layout_.position_embedding + p * d_ + i];
    if (o_.scheme == encoding::sinusoidal)
      for (std::size_t i = 0; i < d_; ++i) x[i] += t.sinusoidal[p * d_ + i];
  }
  for (std::size_t l = 0; l < layers_.size(); ++l) {
    layer_cache& c = layers_[l];
    const layer_offsets& L = layout_.layers[l];
    c.input = x_;
    for (std::size_t r = 0; r < rows_; ++r)
      blocks::layer_norm_row(x_.data() + r * d_, d_, params + L.ln1_weight, params + L.ln1_bias, c.h1.data() + r * d_,
                             c.mean1[r], c.rstd1[r]);
    attention_forward(params, t, l);
    ops_.nn(rows_, d_, d_, c.att.data(), d_, params + L.wo, d_, x_.data(), d_, true);
    c.mid = x_;
    for (std::size_t r = 0; r < rows_; ++r)
      blocks::layer_norm_row(x_.data() + r * d_, d_, params + L.ln2_weight, params + L.ln2_bias, c.h2.data() + r * d_,
                             c.mean2[r], c.rstd2[r]);
    ops_.nn(rows_, f_, d_, c.h2.data(), d_, params + L.w1, f_, c.u.data(), f_, false);
    for (std::size_t r = 0; r < rows_; ++r)
      for (std::size_t i = 0; i < f_; ++i) {
        T& u = c.u[r * f_ + i];
        u += params[L.b1 + i];
        c.cdf[r * f_ + i] = blocks::gaussian_cdf(u);
        c.g[r * f_ + i] = u * c.cdf[r * f_ + i];
      }
    ops_.nn(rows_, d_, f_, c.g.data(), f_, params + L.w2, d_, x_.data(), d_, true);
    for (std::size_t r = 0; r < rows_; ++r)
      for (std::size_t i = 0; i < d_; ++i) x_[r * d_ + i] += params[L.b2 + i];
  }
  final_in_ = x_;
  for (std::size_t r = 0; r < rows_; ++r)
    blocks::layer_norm_row(x_.data() + r * d_, d_, params + layout_.final_weight, params + layout_.final_bias,
                           hf_.data() + r * d_, meanf_[r], rstdf_[r]);
  ops_.nn(rows_, v_, d_, hf_.data(), d_, params + layout_.output, v_, logits_.data(), v_, false);
}

template <class T>
void model<T>::run(const T* params, const std::vector<example>& batch, const positional_tables<T>& t) {
  pack(batch);
  forward(params, t);
}

template <class T>
std::int32_t model<T>::argmax(std::size_t row) const {
  const T* z = logits_.data() + row * v_;
  return std::int32_t(std::max_element(z, z + v_) - z);
}

template <class T>
std::vector<T> model<T>::probabilities(std::size_t layer, std::size_t head, std::size_t s) const {
  const std::size_t n = lengths_[s];
  const T* p = layers_[layer].probs.data() + prob_offsets_[s] + head * n * n;
  return std::vector<T>(p, p + n * n);
}

template <class T>
double model<T>::loss(const T* params, const std::vector<example>& batch, const positional_tables<T>& t, T* grads) {
  pack(batch);
  forward(params, t);
  const double value = output_loss(params, grads);
  if (grads) backward(params, t, grads);
  return value;
}

template class model<float>;
template class model<double>;

}  // namespace posenc::lab
