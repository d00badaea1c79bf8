// Theme: the access happens inside __device__ helpers; per-kernel records tell callers apart.
// N = 1<<20 threads, 256-thread blocks.
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


__device__ float load_at(const float* p, int i) {
  return p[i];
}

__device__ void store_at(float* p, int i, float v) {
  p[i] = v;
}

__device__ __noinline__ float load_at_noinline(const float* p, int i) {
  return p[i];
}

__global__ void helper_coalesced(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = load_at(a, t);
  store_at(out, t, v);
}

__global__ void helper_strided(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = load_at(a, 4 * t);
  store_at(out, t, v);
}

__global__ void helper_pointer_arith(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  const float* p = a + 2 * t;
  float v = *p;
  float* q = out + t;
  *q = v;
}

__global__ void helper_noinline(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = load_at_noinline(a, t + 1);
  out[t] = v;
}

int main() {
  const int N = 1 << 20;
  float *a, *out;
  CHECK(cudaMalloc(&a, (4L * N + 64) * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, 4L * N + 64, 1.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(0, helper_coalesced<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, helper_strided<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, helper_pointer_arith<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, helper_noinline<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("22_device_helper ok\n");
  return 0;
}
