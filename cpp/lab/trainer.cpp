// The trainer: options in, steps of AdamW on the task's batches, accuracy by test length out.
#include <cmath>
#include <limits>
#include <string>

#include "tasks.hpp"
#include "trainer_state.hpp"

namespace posenc::lab {
namespace {

// Examples evaluated per forward pass: enough rows for the matrix kernels, little memory.
constexpr std::int64_t evaluation_chunk = 32;

// Checks one content length for evaluation; `name` is the parameter's ("lengths[2]", "length").
void check_length(const lab_options& o, const std::string& name, std::int64_t n) {
  if (o.kind == task::recall && (n < 2 || n > 2 * recall_keys))
    fail(name, "an integer in [2, 64] for recall (pairs of distinct keys)", double(n));
  const std::int64_t needed = input_positions(o.kind, n);
  if (n < 1 || needed > o.max_positions)
    fail(name,
         "a content length whose " + std::to_string(needed) +
             " positions fit maxPositions = " + std::to_string(o.max_positions),
         double(n));
}

positional_tables<float> tables_for(const lab_options& o, std::int64_t n, const std::optional<rope_scaling>& scaling) {
  if (scaling && o.scheme != encoding::rope) fail("scaling", "given only for the rope encoding", to_string(o.scheme));
  return make_tables<float>(o, std::size_t(o.max_positions), scaling, input_positions(o.kind, n));
}

}  // namespace

trainer::state::state(const lab_options& resolved_options)
    : options(resolved_options),
      layout(make_layout(options)),
      params(initial_parameters(options, layout)),
      grads(layout.total, 0.0f),
      net(std::make_unique<model<float>>(options, layout, float_products(gemm::default_table()))),
      optimiser(options, layout),
      training_tables(make_tables<float>(options, std::size_t(options.max_positions))) {}

trainer::trainer(const lab_options& o) : state_(std::make_unique<state>(resolved(o))) {}
trainer::~trainer() = default;
trainer::trainer(trainer&&) noexcept = default;
trainer& trainer::operator=(trainer&&) noexcept = default;

const lab_options& trainer::options() const noexcept { return state_->options; }
std::int64_t trainer::steps_done() const noexcept { return state_->steps; }
const std::vector<float>& trainer::losses() const noexcept { return state_->losses; }
std::size_t trainer::parameter_count() const noexcept { return state_->layout.total; }

double trainer::train(std::int64_t steps) {
  if (steps < 0 || steps > 1000000) fail("steps", integer_in(0, 1000000), double(steps));
  state& s = *state_;
  double sum = 0;
  for (std::int64_t i = 0; i < steps; ++i) {
    const std::vector<example> batch = training_batch(s.options, s.steps);
    const double loss = s.net->loss(s.params.data(), batch, s.training_tables, s.grads.data());
    s.optimiser.step(s.params.data(), s.grads.data());
    s.losses.push_back(float(loss));
    ++s.steps;
    sum += loss;
  }
  return steps ? sum / double(steps) : std::numeric_limits<double>::quiet_NaN();
}

std::vector<length_result> trainer::evaluate(const evaluate_options& e) const {
  const state& s = *state_;
  const lab_options& o = s.options;
  if (e.lengths.empty()) fail("lengths", "a non-empty list of content lengths", "[]");
  for (std::size_t i = 0; i < e.lengths.size(); ++i)
    check_length(o, "lengths[" + std::to_string(i) + "]", e.lengths[i]);
  if (e.samples < 1 || e.samples > 100000) fail("samples", integer_in(1, 100000), double(e.samples));
  model<float> net(o, s.layout, float_products(gemm::default_table()));
  std::vector<length_result> results;
  for (std::int64_t n : e.lengths) {
    const positional_tables<float> tables = tables_for(o, n, e.scaling);
    std::int64_t exact = 0, right = 0, scored = 0;
    const std::size_t positions = std::size_t(input_positions(o.kind, n));
    std::vector<std::int64_t> right_at(positions, 0), scored_at(positions, 0);
    for (std::int64_t first = 0; first < e.samples; first += evaluation_chunk) {
      std::vector<example> batch;
      for (std::int64_t k = first; k < e.samples && k < first + evaluation_chunk; ++k)
        batch.push_back(evaluation_example(o, n, k));
      net.run(s.params.data(), batch, tables);
      for (std::size_t b = 0; b < batch.size(); ++b) {
        bool all = true;
        for (std::size_t i = 0; i < batch[b].answer.size(); ++i) {
          if (!batch[b].answer[i]) continue;
          const bool ok = net.argmax(net.first_row(b) + i) == batch[b].tokens[i + 1];
          right += ok, scored += 1, all = all && ok;
          right_at[i] += ok, scored_at[i] += 1;
        }
        exact += all;
      }
    }
    std::vector<double> by_position(positions, std::numeric_limits<double>::quiet_NaN());
    for (std::size_t p = 0; p < positions; ++p)
      if (scored_at[p]) by_position[p] = double(right_at[p]) / double(scored_at[p]);
    results.push_back({n, double(exact) / double(e.samples), double(right) / double(scored), std::move(by_position)});
  }
  return results;
}

attention_map trainer::attention(const attention_options& a) const {
  const state& s = *state_;
  const lab_options& o = s.options;
  check_length(o, "length", a.length);
  if (a.layer < 0 || a.layer >= o.layers) fail("layer", integer_in(0, o.layers - 1), double(a.layer));
  if (a.head < 0 || a.head >= o.heads) fail("head", integer_in(0, o.heads - 1), double(a.head));
  if (a.sample < 0 || a.sample > 100000) fail("sample", integer_in(0, 100000), double(a.sample));
  model<float> net(o, s.layout, float_products(gemm::default_table()));
  const std::vector<example> batch{evaluation_example(o, a.length, a.sample)};
  net.run(s.params.data(), batch, tables_for(o, a.length, a.scaling));
  attention_map m;
  m.size = batch[0].positions.size();
  m.tokens.assign(batch[0].tokens.begin(), batch[0].tokens.end() - 1);
  m.weights = net.probabilities(std::size_t(a.layer), std::size_t(a.head), 0);
  return m;
}

}  // namespace posenc::lab
