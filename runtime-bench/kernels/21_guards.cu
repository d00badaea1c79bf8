// Theme: accesses under guards that leave lanes inactive.
// guard_n1000: n = 1000, 256-thread blocks, grid 4 (last warp has 8 active lanes).
// guard_n100: n = 100, one block of 128 threads (last warp has 4 active lanes).
// early_return_n1000: same as guard_n1000 written as `if (i >= n) return;`.
// even_lanes: only even threadIdx.x active. half_warp: threadIdx.x % 32 < 16 active.
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


__global__ void guard_n1000(float* out, const float* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = a[i];
    out[i] = v;
  }
}

__global__ void guard_n100(float* out, const float* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = a[i];
    out[i] = v;
  }
}

__global__ void early_return_n1000(float* out, const float* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = a[i];
  out[i] = v;
}

__global__ void even_lanes(float* out, const float* a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2 == 0) {
    float v = a[i];
    out[i] = v;
  }
}

__global__ void half_warp(float* out, const float* a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 16) {
    float v = a[i];
    out[i] = v;
  }
}

int main() {
  const int N = 1 << 20;
  const int n1000 = 1000;
  const int n100 = 100;
  float *a, *out;
  CHECK(cudaMalloc(&a, N * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, N, 1.0f);
  CHECK(cudaGetLastError());
  BENCH(0, guard_n1000<<<4, 256>>>(out, a, n1000));
  CHECK(cudaGetLastError());
  BENCH(0, guard_n100<<<1, 128>>>(out, a, n100));
  CHECK(cudaGetLastError());
  BENCH(0, early_return_n1000<<<4, 256>>>(out, a, 1000));
  CHECK(cudaGetLastError());
  BENCH(0, even_lanes<<<N / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, half_warp<<<N / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("21_guards ok\n");
  return 0;
}
