// The scalar table: gemm.hpp's reference templates for float.
#include "gemm.hpp"

namespace posenc::lab::gemm {

const table& scalar_table() noexcept {
  static const table t{"scalar", nn_reference<float>, nt_reference<float>, tn_reference<float>};
  return t;
}

}  // namespace posenc::lab::gemm
