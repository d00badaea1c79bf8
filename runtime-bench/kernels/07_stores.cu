// Theme: store patterns (DESIGN.md row store o[8t]). 1-D, 256-thread blocks, N = 1<<20.
// Part of cuda-coalesce runtime-bench: one global access per source line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <random>
#include "bench.h"

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t err_ = (x);                                                   \
    if (err_ != cudaSuccess) {                                                \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,              \
              cudaGetErrorString(err_));                                      \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

// Fills a buffer with non-zero data. Not measured (ncu skips init_*).
__global__ void init_f32(float* p, long n, float base) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = base + (float)(i % 97) * 0.01f;
}


__global__ void store_coalesced(float* o, const float* in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  o[t] = v;
}

__global__ void store_off1(float* o, const float* in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  o[t + 1] = v;
}

__global__ void store_stride2(float* o, const float* in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  o[2 * t] = v;
}

__global__ void store_stride8(float* o, const float* in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  o[8 * t] = v;
}

__global__ void store_one_lane(float* o, const float* in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  if (threadIdx.x == 0)
    o[blockIdx.x] = v;
}

int main() {
  const int N = 1 << 20;
  float *o, *in;
  CHECK(cudaMalloc(&o, (8L * N + 64) * sizeof(float)));
  CHECK(cudaMalloc(&in, N * sizeof(float)));
  init_f32<<<1024, 256>>>(in, N, 1.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(0, store_coalesced<<<grid, block>>>(o, in));
  CHECK(cudaGetLastError());
  BENCH(0, store_off1<<<grid, block>>>(o, in));
  CHECK(cudaGetLastError());
  BENCH(0, store_stride2<<<grid, block>>>(o, in));
  CHECK(cudaGetLastError());
  BENCH(0, store_stride8<<<grid, block>>>(o, in));
  CHECK(cudaGetLastError());
  BENCH(0, store_one_lane<<<grid, block>>>(o, in));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(o));
  CHECK(cudaFree(in));
  printf("07_stores ok\n");
  return 0;
}
