// Compiles only with -DSTRIDE=8 and an -I that finds stride.h, and only for
// sm_80 and newer: the compile database must be read and translated.
#include "stride.h"
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 800
#error "needs sm_80 or newer"
#endif
static_assert(STRIDE == 8 && STRIDE_FROM_HEADER, "flags not applied");
__global__ void strided(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[STRIDE * t];
}
void launch(const float *a, float *o) { strided<<<64, 256>>>(a, o); }
