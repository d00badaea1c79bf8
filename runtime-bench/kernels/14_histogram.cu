// Theme: histograms with global atomicAdd. N = 1<<20 bytes of random data (mt19937(777)),
// 256 bins, 256-thread blocks.
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


__global__ void hist_global(int* hist, const unsigned char* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int b = data[i];
  atomicAdd(&hist[b], 1);
}

__global__ void hist_shared(int* hist, const unsigned char* data) {
  const int N = 1 << 20;
  __shared__ int local[256];
  local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) {
    int b = data[i];
    atomicAdd(&local[b], 1);
  }
  __syncthreads();
  int mine = local[threadIdx.x];
  atomicAdd(&hist[threadIdx.x], mine);
}

__global__ void count_uniform(int* counter, const unsigned char* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int b = data[i];
  if (b > 127)
    atomicAdd(&counter[0], 1);
}

__global__ void ticket_coalesced(int* out, int* slots) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int old = atomicAdd(&slots[i], 1);
  out[i] = old;
}

int main() {
  const int N = 1 << 20;
  unsigned char* data;
  int *hist, *slots, *out;
  CHECK(cudaMalloc(&data, N));
  CHECK(cudaMalloc(&hist, 256 * sizeof(int)));
  CHECK(cudaMalloc(&slots, N * sizeof(int)));
  CHECK(cudaMalloc(&out, N * sizeof(int)));
  std::vector<unsigned char> h(N);
  std::mt19937 rng(777);
  for (int i = 0; i < N; ++i) h[i] = (unsigned char)(rng() & 255);
  CHECK(cudaMemcpy(data, h.data(), N, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(hist, 0, 256 * sizeof(int)));
  CHECK(cudaMemset(slots, 0, N * sizeof(int)));
  BENCH(0, hist_global<<<N / 256, 256>>>(hist, data));
  CHECK(cudaGetLastError());
  BENCH(0, hist_shared<<<264, 256>>>(hist, data));
  CHECK(cudaGetLastError());
  BENCH(0, count_uniform<<<N / 256, 256>>>(hist, data));
  CHECK(cudaGetLastError());
  BENCH(0, ticket_coalesced<<<N / 256, 256>>>(out, slots));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(data));
  CHECK(cudaFree(hist));
  CHECK(cudaFree(slots));
  CHECK(cudaFree(out));
  printf("14_histogram ok\n");
  return 0;
}
