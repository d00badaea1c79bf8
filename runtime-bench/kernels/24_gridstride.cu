// Theme: grid-stride loops, grid 264 x 256 threads (2 blocks per SM on 132 SMs).
// saxpy_gs: n = 1<<22. stride2_gs: a[2*i]. odd_n_gs: n = (1<<20) + 3 (partial last warp).
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


__global__ void saxpy_gs(float* y, const float* x, float alpha, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float xv = x[i];
    float yv = y[i];
    y[i] = alpha * xv + yv;
  }
}

__global__ void stride2_gs(float* out, const float* a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float v = a[2 * i];
    out[i] = v;
  }
}

__global__ void odd_n_gs(float* out, const float* a, int n) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    float v = a[i];
    out[i] = v;
  }
}

int main() {
  const int N = 1 << 22;
  float *x, *y;
  CHECK(cudaMalloc(&x, 2L * N * sizeof(float)));
  CHECK(cudaMalloc(&y, N * sizeof(float)));
  init_f32<<<1024, 256>>>(x, 2L * N, 1.0f);
  CHECK(cudaGetLastError());
  init_f32<<<1024, 256>>>(y, N, 2.0f);
  CHECK(cudaGetLastError());
  BENCH(0, saxpy_gs<<<264, 256>>>(y, x, 2.0f, 1 << 22));
  CHECK(cudaGetLastError());
  BENCH(0, stride2_gs<<<264, 256>>>(y, x, 1 << 22));
  CHECK(cudaGetLastError());
  BENCH(0, odd_n_gs<<<264, 256>>>(y, x, (1 << 20) + 3));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  printf("24_gridstride ok\n");
  return 0;
}
