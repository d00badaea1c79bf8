// Theme: random indirection a[idx[t]] and warp-uniform addresses a[blockIdx.x], a[t/32], a[0].
// 1-D, 256-thread blocks, N = 1<<20; table of M = 1<<24 floats; idx from std::mt19937(12345).
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


__global__ void load_random(float* out, const float* a, const int* idx) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int j = idx[t];
  float v = a[j];
  out[t] = v;
}

__global__ void load_block_uniform(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[blockIdx.x];
  out[t] = v;
}

__global__ void load_warp_uniform(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t / 32];
  out[t] = v;
}

__global__ void load_all_same(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[0];
  out[t] = v;
}

int main() {
  const int N = 1 << 20;
  const int M = 1 << 24;
  float *a, *out;
  int* idx;
  CHECK(cudaMalloc(&a, (long)M * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  CHECK(cudaMalloc(&idx, N * sizeof(int)));
  init_f32<<<1024, 256>>>(a, M, 1.0f);
  CHECK(cudaGetLastError());
  std::vector<int> h(N);
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int> dist(0, M - 1);
  for (int i = 0; i < N; ++i) h[i] = dist(rng);
  CHECK(cudaMemcpy(idx, h.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  dim3 grid(N / 256), block(256);
  BENCH(0, load_random<<<grid, block>>>(out, a, idx));
  CHECK(cudaGetLastError());
  BENCH(0, load_block_uniform<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, load_warp_uniform<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, load_all_same<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  CHECK(cudaFree(idx));
  printf("03_uniform_random ok\n");
  return 0;
}
