// Where kernel_formulas.hpp may and may not be included, for the kernel_formulas_scope_* tests:
// inside the kernel namespace it names (compiles), without naming one, or at namespace scope
// while naming one (both stop the build). Its templates are each target's own only when
// every inclusion lies inside that target's namespace.
#include "kernels.hpp"

#if defined(POSENC_FIXTURE_INSIDE)
namespace posenc::kernels::scalar_impl {
#define POSENC_KERNEL_FORMULAS_SCOPE posenc::kernels::scalar_impl
#include "kernel_formulas.hpp"
float twice(float x) { return add_product(x, x, 1.0f); }
}  // namespace posenc::kernels::scalar_impl
#elif defined(POSENC_FIXTURE_OUTSIDE)
namespace posenc::kernels::scalar_impl {}
#define POSENC_KERNEL_FORMULAS_SCOPE posenc::kernels::scalar_impl
#include "kernel_formulas.hpp"
#else
#include "kernel_formulas.hpp"
#endif
