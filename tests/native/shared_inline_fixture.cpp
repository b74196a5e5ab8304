// What kernels_simd.cpp must never do, for kernel-target-symbols.mjs to catch: a function of
// the target's namespace, compiled with -mavx2, that instantiates a std:: template (vector's
// growth path), emitted as a weak symbol any baseline object using the same template shares.
#include <vector>

namespace posenc::kernels::avx2 {
void append(std::vector<float>& v, float x) { v.push_back(x); }
}  // namespace posenc::kernels::avx2
