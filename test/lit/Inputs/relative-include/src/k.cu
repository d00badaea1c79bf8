#include "h.cuh"
__global__ void k(float *a) { put(a, threadIdx.x, 1.0f); }
void launch(float *a) { k<<<1, 32>>>(a); }
