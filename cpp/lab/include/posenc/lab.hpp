// The length lab: a tiny decoder-only transformer, trained on a synthetic task with one
// positional scheme, then tested past its training length.
//
// Model (docs/lab.md has the formulas): token embedding (vocabulary <= 64), `layers` blocks of
// pre-LayerNorm causal softmax attention and a GELU MLP, each added to the residual stream, a
// final LayerNorm and an output projection. The loss is softmax cross-entropy on the answer
// tokens only. The backward pass is written by hand; AdamW with global-norm clipping trains it.
// Everything is seeded by the core's counter-based generator, so a run repeats bit for bit.
//
// This wing sits on the core (the encoders' tables, RoPE's frequencies and scalings, ALiBi's
// slopes, T5's buckets, the rotation kernels); the core does not know it exists.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "posenc/error.hpp"
#include "posenc/fields.hpp"
#include "posenc/layout.hpp"
#include "posenc/scaling.hpp"

namespace posenc::lab {

// What the model learns to do after the separator.
enum class task {
  copy,     // x1 .. xn SEP x1 .. xn
  reverse,  // x1 .. xn SEP xn .. x1
  recall,   // k1 v1 .. km vm SEP k -> the value that followed k (m = n / 2 pairs, distinct keys)
};
// How positions enter the model.
enum class encoding {
  none,        // NoPE: causal attention alone
  sinusoidal,  // Vaswani's table added to the input
  learned,     // a trained table of max_positions rows added to the input
  relative,    // DeBERTa: vectors over clip(i - j, -k, k), content-to-position and back
  rope,        // rotary: q and k turned by their positions
  alibi,       // a fixed linear penalty -m_h (i - j) per head
  t5,          // a trained scalar per head and bucket of the distance
};
// "copy" | "reverse" | "recall", and "none" | "sinusoidal" | ... | "t5"; anything else throws
// invalid_argument naming "task" / "encoding".
task parse_task(const std::string& name);
encoding parse_encoding(const std::string& name);
const char* to_string(task t);
const char* to_string(encoding e);

// The largest vocabulary: separator, content symbols, keys and values together.
inline constexpr std::int64_t max_vocabulary = 64;
// Recall's keys and values: 32 keys, so recall reaches 32 pairs (length 64).
inline constexpr std::int64_t recall_keys = 32;
inline constexpr std::int64_t recall_values = 16;

struct lab_options {
  task kind = task::copy;
  encoding scheme = encoding::rope;
  std::int64_t train_length = 8;   // training contents have 1..train_length tokens
  std::int64_t max_positions = 0;  // 0: the positions of a content of 8 x train_length
  std::int64_t seed = 1;
  std::int64_t layers = 2;
  std::int64_t dim = 64;  // model width, a multiple of heads
  std::int64_t heads = 4;
  std::int64_t hidden = 0;    // MLP width; 0: 4 x dim
  std::int64_t batch = 32;    // sequences per step
  std::int64_t symbols = 16;  // copy / reverse alphabet (vocabulary = symbols + 1)
  double learning_rate = 3e-3;
  double weight_decay = 0.01;  // AdamW's, on the weight matrices only
  double beta1 = 0.9, beta2 = 0.98, epsilon = 1e-8;
  double clip = 1.0;                  // global gradient-norm bound; 0 turns clipping off
  std::int64_t warmup = 100;          // steps of linear learning-rate warm-up
  std::int64_t decay_steps = 0;       // > 0: a cosine from the full rate down to a tenth over these
                                      // steps (then a tenth); 0: the rate stays
  double init_std = 0.02;             // N(0, init_std^2) for the weight matrices and trained tables
  double embedding_std = 1.0;         // the token embedding's (PyTorch's nn.Embedding default): on
                                      // the scale of the sinusoidal table it is added to
  bool randomized_positions = false;  // train on sorted random positions in [0, max_positions)
  // rope
  double rope_base = 10000.0;
  layout rope_layout = layout::half;
  std::int64_t rotary_dim = 0;  // per head; 0: the whole head
  // relative: k of clip(i - j, -k, k); 0: train_length, so that training reaches every vector
  std::int64_t relative_distance = 0;
  // t5 (unidirectional buckets, as T5's decoder)
  std::int64_t t5_buckets = 32;
  std::int64_t t5_max_distance = 128;
};

template <class Field>
void for_each_field(lab_options& o, Field&& field) {
  field("task", o.kind);
  field("encoding", o.scheme);
  field("trainLength", o.train_length, presence::optional, integer_range{1, 1024});
  field("maxPositions", o.max_positions, presence::optional, integer_range{0, 16384});
  field("seed", o.seed, presence::optional, integer_range{0, (std::int64_t{1} << 53) - 1});
  field("layers", o.layers, presence::optional, integer_range{1, 4});
  field("dim", o.dim, presence::optional, integer_range{1, 512});
  field("heads", o.heads, presence::optional, integer_range{1, 64});
  field("hidden", o.hidden, presence::optional, integer_range{0, 2048});
  field("batch", o.batch, presence::optional, integer_range{1, 1024});
  field("symbols", o.symbols, presence::optional, integer_range{2, max_vocabulary - 1});
  field("learningRate", o.learning_rate);
  field("weightDecay", o.weight_decay);
  field("beta1", o.beta1);
  field("beta2", o.beta2);
  field("epsilon", o.epsilon);
  field("clip", o.clip);
  field("warmup", o.warmup, presence::optional, integer_range{0, 1000000});
  field("decaySteps", o.decay_steps, presence::optional, integer_range{0, 1000000});
  field("initStd", o.init_std);
  field("embeddingStd", o.embedding_std);
  field("randomizedPositions", o.randomized_positions);
  field("ropeBase", o.rope_base);
  field("ropeLayout", o.rope_layout);
  field("rotaryDim", o.rotary_dim, presence::optional, integer_range{0, 512});
  field("relativeDistance", o.relative_distance, presence::optional, integer_range{0, 4096});
  field("t5Buckets", o.t5_buckets, presence::optional, integer_range{2, 1024});
  field("t5MaxDistance", o.t5_max_distance, presence::optional, integer_range{2, 16384});
}

// Checks every option (names the field in the message) and fills the defaults that depend on
// others (max_positions, hidden, rotary_dim): what a trainer is built from.
lab_options resolved(lab_options o);

// The number of token positions a sequence of content length n takes as model input:
// copy / reverse 2n (content, separator, answer less its last token), recall 2 * (n / 2) + 2.
std::int64_t input_positions(task t, std::int64_t content_length);
// The vocabulary of a task under the options.
std::int64_t vocabulary(const lab_options& o);

// One example of a task: the model reads tokens[0 .. size-1) and predicts tokens[1 .. size);
// answer[i] says whether the prediction of tokens[i + 1] is scored.
struct example {
  std::vector<std::int32_t> tokens;
  std::vector<std::int32_t> positions;  // one per model input (tokens.size() - 1)
  std::vector<std::uint8_t> answer;     // one per model input
};
// Example `index` of a task's stream `stream` under `seed`, with content length n, positions
// 0, 1, 2, ... (the generator is counter-based: the same arguments give the same example).
example make_example(const lab_options& o, std::int64_t n, std::uint64_t stream, std::uint64_t index);

struct evaluate_options {
  std::vector<std::int64_t> lengths;  // content lengths, each 1..the largest max_positions holds
  std::int64_t samples = 64;          // examples per length
  // RoPE only: a frequency scaling applied at test time, without retraining (PI as "linear",
  // "dynamic", "yarn", ...). original_max_position_embeddings defaults to the training
  // sequence's positions.
  std::optional<rope_scaling> scaling;
};
template <class Field>
void for_each_field(evaluate_options& o, Field&& field) {
  field("lengths", o.lengths, presence::required, integer_range{1, 16384});
  field("samples", o.samples, presence::optional, integer_range{1, 100000});
  field("scaling", o.scaling);
}

struct length_result {
  std::int64_t length = 0;
  double exact_match = 0;     // share of examples whose whole answer is right (argmax, teacher-forced
                              // prefix, which for a fully right answer is what greedy decoding gives)
  double token_accuracy = 0;  // share of answer tokens right
  // By input position p (0 .. the length's positions - 1): the share of answer tokens predicted at
  // p that are right, NaN where no answer is predicted. Past the training positions this is the
  // blind zone of an absolute table, position by position.
  std::vector<double> position_accuracy;
};

struct attention_options {
  std::int64_t length = 0;  // content length of the one example shown
  std::int64_t layer = 0;
  std::int64_t head = 0;
  std::int64_t sample = 0;  // which evaluation example of that length
  std::optional<rope_scaling> scaling;
};
template <class Field>
void for_each_field(attention_options& o, Field&& field) {
  field("length", o.length, presence::required, integer_range{1, 16384});
  field("layer", o.layer, presence::optional, integer_range{0, 3});
  field("head", o.head, presence::optional, integer_range{0, 63});
  field("sample", o.sample, presence::optional, integer_range{0, 100000});
  field("scaling", o.scaling);
}

struct attention_map {
  std::vector<std::int32_t> tokens;  // the model's inputs
  std::vector<float> weights;        // [size x size], row i = query i, zero above the diagonal
  std::size_t size = 0;
};

class trainer {
 public:
  // Validates the options (invalid_argument naming the field) and initialises the parameters.
  explicit trainer(const lab_options& o);
  ~trainer();
  trainer(trainer&&) noexcept;
  trainer& operator=(trainer&&) noexcept;

  const lab_options& options() const noexcept;
  // Trains `steps` steps (0..1e6) and returns their mean loss (NaN for 0 steps).
  double train(std::int64_t steps);
  std::int64_t steps_done() const noexcept;
  const std::vector<float>& losses() const noexcept;
  // Accuracy per content length on evaluation examples (a stream of their own, the same for
  // every scheme and seed of a task).
  std::vector<length_result> evaluate(const evaluate_options& o) const;
  attention_map attention(const attention_options& o) const;
  std::size_t parameter_count() const noexcept;

  struct state;  // the model, its gradients and the optimiser's moments (lab/trainer_state.hpp)
  state& internals() noexcept { return *state_; }

 private:
  std::unique_ptr<state> state_;
};

}  // namespace posenc::lab
