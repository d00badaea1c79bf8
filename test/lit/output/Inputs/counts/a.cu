#include "rows.cuh"
template <int K> __global__ void ka(const float *x, float *y, float *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  rows<K>(x, y, i);
  z[i * 2] = x[i];
}
void runA(const float *x, float *y, float *z) {
  ka<2><<<64, 256>>>(x, y, z);
  ka<4><<<64, 256>>>(x, y, z);
}
