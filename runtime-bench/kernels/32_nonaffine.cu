// Theme: index expressions that are not affine in the thread index (the analyser's opaque / unknown
// cases), N = 1<<20 threads, 256-thread blocks, table of M = 1<<24 floats.
// xor1: a[t ^ 1] (lanes swap in pairs: still 4 sectors). half: a[t / 2] (pairs share a float).
// quad: a[(t % 32) * (t % 32)] (lane-quadratic). hash: a[(t * 2654435761u) % M] (scattered).
// shifted_mod: a[(t % 32) * 33] (stride 33 inside a warp).
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


__global__ void idx_xor1(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t ^ 1];
  out[t] = v;
}

__global__ void idx_half(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t / 2];
  out[t] = v;
}

__global__ void idx_quad(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int l = t % 32;
  float v = a[l * l];
  out[t] = v;
}

__global__ void idx_hash(float* out, const float* a) {
  const unsigned M = 1u << 24;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned h = ((unsigned)t * 2654435761u) % M;
  float v = a[h];
  out[t] = v;
}

__global__ void idx_mod_stride33(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[(t % 32) * 33];
  out[t] = v;
}

int main() {
  const int N = 1 << 20;
  const int M = 1 << 24;
  float *a, *out;
  CHECK(cudaMalloc(&a, (long)M * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, M, 1.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(0, idx_xor1<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, idx_half<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, idx_quad<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, idx_hash<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, idx_mod_stride33<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("32_nonaffine ok\n");
  return 0;
}
