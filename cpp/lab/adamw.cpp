#include "adamw.hpp"

#include <algorithm>
#include <cmath>

namespace posenc::lab {

adamw::adamw(const lab_options& o, const parameter_layout& layout)
    : o_(o), layout_(layout), m_(layout.total, 0.0f), v_(layout.total, 0.0f) {}

double adamw::step(float* params, float* grads) {
  double squares = 0;
  for (std::size_t i = 0; i < layout_.total; ++i) squares += double(grads[i]) * double(grads[i]);
  const double norm = std::sqrt(squares);
  if (o_.clip > 0 && norm > o_.clip) {
    const float shrink = float(o_.clip / norm);
    for (std::size_t i = 0; i < layout_.total; ++i) grads[i] *= shrink;
  }
  ++t_;
  const double warm = o_.warmup > 0 && t_ < o_.warmup ? double(t_) / double(o_.warmup) : 1.0;
  double anneal = 1.0;
  if (o_.decay_steps > 0) {
    const double done = std::min(1.0, double(t_) / double(o_.decay_steps));
    anneal = 0.1 + 0.9 * 0.5 * (1.0 + std::cos(3.14159265358979323846 * done));
  }
  const double lr = o_.learning_rate * warm * anneal;
  const float b1 = float(o_.beta1), b2 = float(o_.beta2), eps = float(o_.epsilon);
  const float correction1 = float(1.0 - std::pow(o_.beta1, double(t_)));
  const float correction2 = float(1.0 - std::pow(o_.beta2, double(t_)));
  const float step_size = float(lr), decay = float(1.0 - lr * o_.weight_decay);
  for (const tensor& t : layout_.tensors) {
    float* w = params + t.offset;
    const float* g = grads + t.offset;
    float* m = m_.data() + t.offset;
    float* v = v_.data() + t.offset;
    const float keep = t.decay ? decay : 1.0f;
    // one plain loop per tensor, no branch inside: the compiler vectorises it
    for (std::size_t i = 0; i < t.size(); ++i) {
      m[i] = b1 * m[i] + (1.0f - b1) * g[i];
      v[i] = b2 * v[i] + (1.0f - b2) * g[i] * g[i];
      // a zero gradient from the start leaves m at 0: rows training never reaches do not move
      const float update = (m[i] / correction1) / (std::sqrt(v[i] / correction2) + eps);
      w[i] = w[i] * keep - step_size * update;
    }
  }
  return norm;
}

}  // namespace posenc::lab
