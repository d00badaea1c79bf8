// Theme: a loop counter k that is the same for every lane. Matrix W = 1024 columns, K = 256 rows
// walked by k; T = 1<<16 threads (256-thread blocks) so that t*W+k stays in range.
// k_row: a[k*W + t] (coalesced). t_row: a[t*W + k] (strided by W). k_only: a[k] (uniform).
// sliding: a[k + t] (offset by k: misaligned for 7 of every 8 k).
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


__global__ void k_row(float* out, const float* a) {
  const int W = 1024, K = 256;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < K; ++k) {
    float v = a[k * W + t];
    s += v;
  }
  out[t] = s;
}

__global__ void t_row(float* out, const float* a) {
  const int W = 1024, K = 256;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < K; ++k) {
    float v = a[t * W + k];
    s += v;
  }
  out[t] = s;
}

__global__ void k_only(float* out, const float* a) {
  const int K = 256;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < K; ++k) {
    float v = a[k];
    s += v * (float)(t + 1);
  }
  out[t] = s;
}

__global__ void sliding(float* out, const float* a) {
  const int K = 256;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < K; ++k) {
    float v = a[k + t];
    s += v;
  }
  out[t] = s;
}

int main() {
  const int W = 1024;
  const int T = 1 << 16;
  const long M = (long)T * W;  // 64 Mi floats covers t*W + k
  float *a, *out;
  CHECK(cudaMalloc(&a, M * sizeof(float)));
  CHECK(cudaMalloc(&out, T * sizeof(float)));
  init_f32<<<2048, 256>>>(a, M, 1.0f);
  CHECK(cudaGetLastError());
  BENCH(0, k_row<<<T / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, t_row<<<T / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, k_only<<<T / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, sliding<<<T / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("25_uniform_loops ok\n");
  return 0;
}
