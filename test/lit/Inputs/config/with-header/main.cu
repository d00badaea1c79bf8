#include "vendor/helper.cuh"
__global__ void k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = get_every_other(a, t) + a[3 * t];
}
void go(const float *a, float *o) { k<<<64, 256>>>(a, o); }
