// The lab's options: names, checks and the defaults that follow from other options.
#include <cmath>
#include <string>

#include "posenc/lab.hpp"

namespace posenc::lab {
namespace {

constexpr const char* task_names[] = {"copy", "reverse", "recall"};
constexpr const char* encoding_names[] = {"none", "sinusoidal", "learned", "relative", "rope", "alibi", "t5"};

template <std::size_t N>
std::string name_list(const char* const (&names)[N]) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) out += std::string(i ? ", " : "") + '"' + names[i] + '"';
  return out;
}

void require_integer(const char* name, std::int64_t value, std::int64_t lo, std::int64_t hi) {
  if (value < lo || value > hi) fail(name, integer_in(lo, hi), double(value));
}

void require_real(const char* name, double value, double lo, bool lo_open, double hi, bool hi_open,
                  const std::string& requirement) {
  const bool below = lo_open ? !(value > lo) : !(value >= lo);
  const bool above = hi_open ? !(value < hi) : !(value <= hi);
  if (!std::isfinite(value) || below || above) fail(name, requirement, value);
}

// The longest content a task can hold: recall's keys are distinct.
std::int64_t longest_content(task t) { return t == task::recall ? 2 * recall_keys : 16384; }

}  // namespace

task parse_task(const std::string& name) {
  for (std::size_t i = 0; i < 3; ++i)
    if (name == task_names[i]) return task(i);
  fail("task", "one of " + name_list(task_names), '"' + name + '"');
}

encoding parse_encoding(const std::string& name) {
  for (std::size_t i = 0; i < 7; ++i)
    if (name == encoding_names[i]) return encoding(i);
  fail("encoding", "one of " + name_list(encoding_names), '"' + name + '"');
}

const char* to_string(task t) { return task_names[std::size_t(t)]; }
const char* to_string(encoding e) { return encoding_names[std::size_t(e)]; }

std::int64_t input_positions(task t, std::int64_t n) { return t == task::recall ? 2 * (n / 2) + 2 : 2 * n; }

std::int64_t vocabulary(const lab_options& o) {
  return o.kind == task::recall ? 1 + recall_keys + recall_values : o.symbols + 1;
}

lab_options resolved(lab_options o) {
  if (std::size_t(o.kind) > 2) fail("task", "one of " + name_list(task_names), double(o.kind));
  if (std::size_t(o.scheme) > 6) fail("encoding", "one of " + name_list(encoding_names), double(o.scheme));
  require_integer("layers", o.layers, 1, 4);
  require_integer("heads", o.heads, 1, 64);
  if (o.rope_layout == layout::interleaved_to_half)
    fail("ropeLayout", "'interleaved' or 'half'", "'interleaved-to-half'");
  require_integer("dim", o.dim, 1, 512);
  if (o.dim % o.heads != 0) fail("dim", "a multiple of heads (" + std::to_string(o.heads) + ")", double(o.dim));
  const std::int64_t head_dim = o.dim / o.heads;
  require_integer("hidden", o.hidden, 0, 2048);
  if (o.hidden == 0) o.hidden = 4 * o.dim;
  require_integer("batch", o.batch, 1, 1024);
  require_integer("symbols", o.symbols, 2, max_vocabulary - 1);
  require_integer("seed", o.seed, 0, (std::int64_t{1} << 53) - 1);
  require_integer("warmup", o.warmup, 0, 1000000);
  require_integer("decaySteps", o.decay_steps, 0, 1000000);
  const std::int64_t longest = longest_content(o.kind);
  const std::int64_t shortest = o.kind == task::recall ? 2 : 1;
  require_integer("trainLength", o.train_length, shortest, o.kind == task::recall ? longest : 1024);
  const std::int64_t train_positions = input_positions(o.kind, o.train_length);
  require_integer("maxPositions", o.max_positions, 0, 16384);
  if (o.max_positions == 0) {
    const std::int64_t n = 8 * o.train_length < longest ? 8 * o.train_length : longest;
    o.max_positions = input_positions(o.kind, n);
  }
  if (o.max_positions < train_positions)
    fail("maxPositions",
         "at least the " + std::to_string(train_positions) + " positions of a training sequence (trainLength " +
             std::to_string(o.train_length) + ")",
         double(o.max_positions));
  require_real("learningRate", o.learning_rate, 0, true, 1, false, "a number in (0, 1]");
  require_real("weightDecay", o.weight_decay, 0, false, 1, false, "a number in [0, 1]");
  require_real("beta1", o.beta1, 0, false, 1, true, "a number in [0, 1)");
  require_real("beta2", o.beta2, 0, false, 1, true, "a number in [0, 1)");
  require_real("epsilon", o.epsilon, 0, true, 1, false, "a number in (0, 1]");
  require_real("clip", o.clip, 0, false, 1e6, false, "a number in [0, 1e6] (0: no clipping)");
  require_real("initStd", o.init_std, 0, true, 1, false, "a number in (0, 1]");
  require_real("embeddingStd", o.embedding_std, 0, true, 10, false, "a number in (0, 10]");
  require_real("ropeBase", o.rope_base, 1, true, 1e12, false, "a number in (1, 1e12]");
  if (o.scheme == encoding::sinusoidal && o.dim % 2 != 0) fail("dim", "even for the sinusoidal table", double(o.dim));
  if (o.scheme == encoding::rope) {
    if (o.rotary_dim == 0) o.rotary_dim = head_dim;
    if (o.rotary_dim % 2 != 0 || o.rotary_dim < 2 || o.rotary_dim > head_dim)
      fail("rotaryDim", "an even number in [2, dim / heads = " + std::to_string(head_dim) + "]", double(o.rotary_dim));
  }
  require_integer("relativeDistance", o.relative_distance, 0, 4096);
  if (o.relative_distance == 0) o.relative_distance = o.train_length;
  require_integer("t5Buckets", o.t5_buckets, 2, 1024);
  if (o.t5_max_distance <= o.t5_buckets / 2 || o.t5_max_distance > 16384)
    fail("t5MaxDistance", integer_in(o.t5_buckets / 2 + 1, 16384), double(o.t5_max_distance));
  return o;
}

}  // namespace posenc::lab
