// Prints one tiny model's parameters, a training batch, and the loss and gradients computed by
// the double model and by the float model that trains, as JSON for torch_crosscheck.py:
//   posenc_lab_dump --encoding rope [--rope-layout interleaved|half] [--rotary-dim N]
// or the losses of a short training run, for the test that native and wasm agree
// (tests/js/lab-native.test.mjs):
//   posenc_lab_dump --losses STEPS --encoding rope
#include <cstdio>
#include <cstring>
#include <string>

#include "gemm.hpp"
#include "lab_fixture.hpp"
#include "model.hpp"
#include "positional.hpp"

using namespace posenc::lab;

namespace {

template <class T>
void print_array(const T* values, std::size_t n, const char* format) {
  std::printf("[");
  for (std::size_t i = 0; i < n; ++i) {
    std::printf(i ? "," : "");
    std::printf(format, double(values[i]));
  }
  std::printf("]");
}

template <class T>
void print_result(const char* name, const parameter_layout& layout, double loss, const std::vector<T>& grads,
                  const char* format) {
  std::printf(",\"%s\":{\"loss\":%.17g,\"grads\":{", name, loss);
  for (std::size_t i = 0; i < layout.tensors.size(); ++i) {
    const tensor& t = layout.tensors[i];
    std::printf("%s\"%s\":", i ? "," : "", t.name.c_str());
    print_array(grads.data() + t.offset, t.size(), format);
  }
  std::printf("}}");
}

// The short run of tests/js/lab-native.test.mjs (the same options there).
int print_losses(encoding scheme, std::int64_t steps) {
  lab_options o;
  o.scheme = scheme;
  o.dim = 16;
  o.heads = 2;
  o.batch = 8;
  o.train_length = 4;
  o.seed = 3;
  trainer t(o);
  t.train(steps);
  std::printf("{\"encoding\":\"%s\",\"losses\":", to_string(scheme));
  print_array(t.losses().data(), t.losses().size(), "%.9g");
  std::printf("}\n");
  return 0;
}

int run(int argc, char** argv) {
  lab_options o;
  std::int64_t losses = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--losses")
      losses = std::stoll(value);
    else if (flag == "--encoding")
      o.scheme = parse_encoding(value);
    else if (flag == "--rope-layout")
      o.rope_layout = posenc::parse_layout(value);
    else if (flag == "--rotary-dim")
      o.rotary_dim = std::stoll(value);
    else
      throw std::invalid_argument("unknown flag " + flag);
  }
  if (losses > 0) return print_losses(o.scheme, losses);
  const lab_options base = testing::tiny_options(o.scheme);
  lab_options tiny = base;
  tiny.rope_layout = o.rope_layout;
  tiny.rotary_dim = o.rotary_dim ? o.rotary_dim : base.rotary_dim;
  tiny = resolved(tiny);
  const parameter_layout layout = make_layout(tiny);
  const std::vector<double> p64 = testing::spread_parameters(layout, 3);
  const std::vector<float> p32(p64.begin(), p64.end());
  const std::vector<example> batch = training_batch(tiny, 0);

  std::vector<double> g64(layout.total);
  std::vector<float> g32(layout.total);
  model<double> m64(tiny, layout, double_products());
  const double loss64 =
      m64.loss(p64.data(), batch, make_tables<double>(tiny, std::size_t(tiny.max_positions)), g64.data());
  model<float> m32(tiny, layout, float_products(gemm::default_table()));
  const double loss32 =
      m32.loss(p32.data(), batch, make_tables<float>(tiny, std::size_t(tiny.max_positions)), g32.data());

  const auto slopes = make_tables<double>(tiny, 1).slopes;
  std::printf("{\"options\":{\"encoding\":\"%s\",\"layers\":%lld,\"dim\":%lld,\"heads\":%lld,\"hidden\":%lld,",
              to_string(tiny.scheme), (long long)tiny.layers, (long long)tiny.dim, (long long)tiny.heads,
              (long long)tiny.hidden);
  std::printf("\"vocabulary\":%lld,\"maxPositions\":%lld,\"relativeDistance\":%lld,\"ropeBase\":%.17g,",
              (long long)vocabulary(tiny), (long long)tiny.max_positions, (long long)tiny.relative_distance,
              tiny.rope_base);
  std::printf("\"ropeLayout\":\"%s\",\"rotaryDim\":%lld,\"t5Buckets\":%lld,\"t5MaxDistance\":%lld,\"alibiSlopes\":",
              posenc::to_string(tiny.rope_layout), (long long)tiny.rotary_dim, (long long)tiny.t5_buckets,
              (long long)tiny.t5_max_distance);
  print_array(slopes.data(), slopes.size(), "%.17g");
  std::printf("},\"shapes\":{");
  for (std::size_t i = 0; i < layout.tensors.size(); ++i) {
    const tensor& t = layout.tensors[i];
    if (t.rows == 1)
      std::printf("%s\"%s\":[%zu]", i ? "," : "", t.name.c_str(), t.cols);
    else
      std::printf("%s\"%s\":[%zu,%zu]", i ? "," : "", t.name.c_str(), t.rows, t.cols);
  }
  std::printf("},\"params\":{");
  for (std::size_t i = 0; i < layout.tensors.size(); ++i) {
    const tensor& t = layout.tensors[i];
    std::printf("%s\"%s\":", i ? "," : "", t.name.c_str());
    print_array(p32.data() + t.offset, t.size(), "%.9g");
  }
  std::printf("},\"batch\":[");
  for (std::size_t b = 0; b < batch.size(); ++b) {
    std::printf("%s{\"tokens\":", b ? "," : "");
    print_array(batch[b].tokens.data(), batch[b].tokens.size(), "%.0f");
    std::printf(",\"positions\":");
    print_array(batch[b].positions.data(), batch[b].positions.size(), "%.0f");
    std::printf(",\"answer\":");
    print_array(batch[b].answer.data(), batch[b].answer.size(), "%.0f");
    std::printf("}");
  }
  std::printf("]");
  print_result("float64", layout, loss64, g64, "%.17g");
  print_result("float32", layout, loss32, g32, "%.9g");
  std::printf("}\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "posenc_lab_dump: %s\n", e.what());
    return 1;
  }
}
