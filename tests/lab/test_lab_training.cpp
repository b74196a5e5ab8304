// The trainer as a whole: repeatable runs, the learned table's blind zone, the properties of the
// schemes that the article states, and clear errors for bad options.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numeric>

#include "gemm.hpp"
#include "lab_fixture.hpp"
#include "model.hpp"
#include "positional.hpp"
#include "trainer_state.hpp"

namespace posenc::lab {
namespace {

lab_options small(encoding scheme) {
  lab_options o;
  o.scheme = scheme;
  o.dim = 16;
  o.heads = 2;
  o.layers = 1;
  o.batch = 8;
  o.train_length = 4;
  return o;
}

TEST(LabTrainer, TheSameSeedGivesTheSameLossesBitForBit) {
  for (encoding e : {encoding::rope, encoding::relative, encoding::t5}) {
    trainer a(small(e)), b(small(e));
    a.train(15);
    b.train(5);
    b.train(10);  // in slices: the batches follow the step count, not the call
    ASSERT_EQ(a.losses().size(), 15u);
    for (std::size_t i = 0; i < 15; ++i) EXPECT_EQ(a.losses()[i], b.losses()[i]) << to_string(e) << " step " << i;
    lab_options other = small(e);
    other.seed = 2;
    trainer c(other);
    c.train(1);
    EXPECT_NE(c.losses()[0], a.losses()[0]);
  }
}

TEST(LabTrainer, TrainingLowersTheLoss) {
  lab_options o = small(encoding::rope);
  trainer t(o);
  const double first = t.train(20), later = t.train(80);
  EXPECT_LT(later, first);
  EXPECT_TRUE(std::isnan(t.train(0)));
}

// The article's blind zone: rows of the learned table past the training positions never get a
// gradient, so AdamW (no weight decay on tables) leaves them exactly as initialised.
TEST(LabTrainer, LearnedRowsPastTheTrainingLengthKeepTheirInitialValues) {
  for (bool randomized : {false, true}) {
    lab_options o = small(encoding::learned);
    o.randomized_positions = randomized;
    trainer t(o);
    const auto& s = t.internals();
    const std::vector<float> before = s.params;
    t.train(30);
    const std::size_t d = std::size_t(s.options.dim), trained = std::size_t(input_positions(o.kind, o.train_length));
    std::size_t moved_past = 0, moved_inside = 0;
    for (std::size_t row = 0; row < std::size_t(s.options.max_positions); ++row)
      for (std::size_t i = 0; i < d; ++i) {
        const std::size_t at = s.layout.position_embedding + row * d + i;
        (row < trained ? moved_inside : moved_past) += s.params[at] != before[at];
      }
    EXPECT_GT(moved_inside, 0u);
    if (randomized) {
      EXPECT_GT(moved_past, 0u) << "randomized positions reach the whole table";
    } else {
      EXPECT_EQ(moved_past, 0u) << "rows past the training positions moved";
    }
  }
}

// Shifting every position by the same amount changes nothing for the schemes that only see
// distances (RoPE, ALiBi, T5, relative, and trivially NoPE), and changes the loss for the
// absolute ones: the article's "relative while applied to each position on its own".
TEST(LabTrainer, OnlyAbsoluteSchemesSeeAShiftOfEveryPosition) {
  for (int e = 0; e < 7; ++e) {
    const lab_options o = testing::tiny_options(encoding(e));
    const parameter_layout layout = make_layout(o);
    const std::vector<double> p = testing::spread_parameters(layout, 9);
    std::vector<example> batch = training_batch(o, 1), shifted = batch;
    for (example& x : shifted)
      for (std::int32_t& position : x.positions) position += 3;
    model<double> net(o, layout, double_products());
    const positional_tables<double> tables = make_tables<double>(o, std::size_t(o.max_positions) + 3);
    const double a = net.loss(p.data(), batch, tables, nullptr), b = net.loss(p.data(), shifted, tables, nullptr);
    const bool absolute = encoding(e) == encoding::learned || encoding(e) == encoding::sinusoidal;
    if (absolute) {
      EXPECT_GT(std::abs(a - b), 1e-6) << to_string(encoding(e));
    } else {
      EXPECT_NEAR(a, b, 1e-12 * std::abs(a)) << to_string(encoding(e));
    }
  }
}

// Without positions, one attention layer cannot tell the order of what came before: reordering
// the tokens before the last one leaves the last prediction as it was (the article's 我不爱你 /
// 不我爱你), and any scheme with positions tells them apart. (With two causal layers NoPE can:
// the first layer's outputs depend on how much prefix each token sees.)
TEST(LabTrainer, WithoutPositionsTheOrderOfThePrefixIsInvisible) {
  for (encoding e : {encoding::none, encoding::rope, encoding::learned, encoding::alibi}) {
    lab_options o = testing::tiny_options(e);
    o.layers = 1;
    const parameter_layout layout = make_layout(o);
    const std::vector<double> p = testing::spread_parameters(layout, 4);
    example x;
    x.tokens = {1, 2, 3, 4, 5, 6};
    x.positions = {0, 1, 2, 3, 4};
    x.answer = {0, 0, 0, 0, 1};
    example swapped = x;
    std::swap(swapped.tokens[0], swapped.tokens[2]);
    model<double> net(o, layout, double_products());
    const positional_tables<double> tables = make_tables<double>(o, std::size_t(o.max_positions));
    const double a = net.loss(p.data(), {x}, tables, nullptr), b = net.loss(p.data(), {swapped}, tables, nullptr);
    if (e == encoding::none) {
      EXPECT_NEAR(a, b, 1e-12 * std::abs(a));
    } else {
      EXPECT_GT(std::abs(a - b), 1e-6) << to_string(e);
    }
  }
}

TEST(LabTrainer, EvaluationIsTheSameForEveryCallAndCountsWholeAnswers) {
  trainer t(small(encoding::alibi));
  t.train(10);
  evaluate_options e;
  e.lengths = {1, 4, 9};
  e.samples = 5;
  const auto a = t.evaluate(e), b = t.evaluate(e);
  ASSERT_EQ(a.size(), 3u);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].length, e.lengths[i]);
    EXPECT_EQ(a[i].exact_match, b[i].exact_match);
    EXPECT_EQ(a[i].token_accuracy, b[i].token_accuracy);
    EXPECT_LE(a[i].exact_match, a[i].token_accuracy + 1e-12);
    EXPECT_EQ(std::fmod(a[i].exact_match * 5, 1.0), 0.0);
    // copy: no answer is predicted at the content's positions, one at each position after it, and
    // every position scores the same number of tokens, so their mean is the token accuracy
    const std::vector<double>& by_position = a[i].position_accuracy;
    ASSERT_EQ(by_position.size(), std::size_t(2 * e.lengths[i]));
    double sum = 0;
    for (std::size_t p = 0; p < by_position.size(); ++p) {
      EXPECT_EQ(std::isnan(by_position[p]), p < std::size_t(e.lengths[i])) << p;
      if (!std::isnan(by_position[p])) sum += by_position[p];
    }
    EXPECT_NEAR(sum / double(e.lengths[i]), a[i].token_accuracy, 1e-12);
  }
}

TEST(LabTrainer, AttentionRowsAreCausalDistributions) {
  trainer t(small(encoding::rope));
  t.train(5);
  attention_options a;
  a.length = 6;
  a.head = 1;
  const attention_map m = t.attention(a);
  ASSERT_EQ(m.size, 12u);
  ASSERT_EQ(m.tokens.size(), m.size);
  EXPECT_EQ(m.tokens[6], 0) << "the separator follows the content";
  for (std::size_t i = 0; i < m.size; ++i) {
    double sum = 0;
    for (std::size_t j = 0; j < m.size; ++j) {
      if (j > i) {
        EXPECT_EQ(m.weights[i * m.size + j], 0.0f);
      }
      sum += m.weights[i * m.size + j];
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
  }
}

TEST(LabTrainer, RopeScalingAtTestTimeChangesOnlyRope) {
  trainer t(small(encoding::rope));
  t.train(5);
  attention_options a;
  a.length = 8;
  rope_scaling linear;
  linear.type = rope_type::linear;
  linear.factor = 4;
  const attention_map plain = t.attention(a);
  a.scaling = linear;
  const attention_map scaled = t.attention(a);
  EXPECT_NE(plain.weights, scaled.weights);
  evaluate_options e;
  e.lengths = {8};
  e.scaling = linear;
  EXPECT_NO_THROW(t.evaluate(e));
  trainer alibi(small(encoding::alibi));
  try {
    alibi.evaluate(e);
    FAIL() << "scaling accepted for alibi";
  } catch (const invalid_argument& error) {
    EXPECT_EQ(error.parameter(), "scaling");
  }
}

// Each bad option is refused with an error that names it.
TEST(LabTrainer, BadOptionsNameTheirParameter) {
  const auto refused = [](lab_options o, const char* name) {
    try {
      trainer t(o);
      ADD_FAILURE() << name << " accepted";
    } catch (const invalid_argument& e) {
      EXPECT_EQ(e.parameter(), name) << e.what();
    }
  };
  lab_options o;
  o.learning_rate = std::numeric_limits<double>::quiet_NaN();
  refused(o, "learningRate");
  o = {};
  o.dim = 30;
  o.heads = 4;
  refused(o, "dim");
  o = {};
  o.max_positions = 10;
  refused(o, "maxPositions");
  o = {};
  o.rotary_dim = 7;
  refused(o, "rotaryDim");
  o = {};
  o.kind = task::recall;
  o.train_length = 80;
  refused(o, "trainLength");
  o = {};
  o.t5_max_distance = 10;
  refused(o, "t5MaxDistance");
  EXPECT_THROW(parse_task("sort"), invalid_argument);
  EXPECT_THROW(parse_encoding("xpos"), invalid_argument);

  trainer t(small(encoding::learned));
  evaluate_options e;
  e.lengths = {4, 1000};
  try {
    t.evaluate(e);
    ADD_FAILURE() << "a length past maxPositions accepted";
  } catch (const invalid_argument& error) {
    EXPECT_EQ(error.parameter(), "lengths[1]");
  }
  EXPECT_THROW(t.train(-1), invalid_argument);
  attention_options a;
  a.length = 4;
  a.layer = 1;
  EXPECT_THROW(t.attention(a), invalid_argument);
  // the trainer is untouched by refused calls
  EXPECT_EQ(t.steps_done(), 0);
  t.train(2);
  EXPECT_EQ(t.losses().size(), 2u);
}

}  // namespace
}  // namespace posenc::lab
