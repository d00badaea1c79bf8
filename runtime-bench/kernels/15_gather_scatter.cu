// Theme: gather out[t] = in[idx[t]] and scatter out[idx[t]] = in[t], N = 1<<20, 256-thread blocks.
// perm: random permutation of 0..N-1 (mt19937(4242)); wperm: lanes reversed within each warp.
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


__global__ void gather_random(float* out, const float* in, const int* perm) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int j = perm[t];
  float v = in[j];
  out[t] = v;
}

__global__ void scatter_random(float* out, const float* in, const int* perm) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  int j = perm[t];
  out[j] = v;
}

__global__ void gather_warp_permuted(float* out, const float* in, const int* wperm) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int j = wperm[t];
  float v = in[j];
  out[t] = v;
}

int main() {
  const int N = 1 << 20;
  float *in, *out;
  int *perm, *wperm;
  CHECK(cudaMalloc(&in, N * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  CHECK(cudaMalloc(&perm, N * sizeof(int)));
  CHECK(cudaMalloc(&wperm, N * sizeof(int)));
  init_f32<<<1024, 256>>>(in, N, 1.0f);
  CHECK(cudaGetLastError());
  std::vector<int> h(N), w(N);
  for (int i = 0; i < N; ++i) h[i] = i;
  std::mt19937 rng(4242);
  for (int i = N - 1; i > 0; --i) {
    int j = (int)(rng() % (unsigned)(i + 1));
    int tmp = h[i]; h[i] = h[j]; h[j] = tmp;
  }
  for (int i = 0; i < N; ++i) w[i] = (i & ~31) | (31 - (i & 31));
  CHECK(cudaMemcpy(perm, h.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(wperm, w.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  BENCH(0, gather_random<<<N / 256, 256>>>(out, in, perm));
  CHECK(cudaGetLastError());
  BENCH(0, scatter_random<<<N / 256, 256>>>(out, in, perm));
  CHECK(cudaGetLastError());
  BENCH(0, gather_warp_permuted<<<N / 256, 256>>>(out, in, wperm));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(perm));
  CHECK(cudaFree(wperm));
  printf("15_gather_scatter ok\n");
  return 0;
}
