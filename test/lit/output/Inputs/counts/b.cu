#include "rows.cuh"
__global__ void kb(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  rows<8>(x, y, i);
}
void runB(const float *x, float *y) { kb<<<64, 256>>>(x, y); }
