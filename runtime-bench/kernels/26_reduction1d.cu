// Theme: 1-D sum reduction, N = 1<<22, 256-thread blocks.
// reduce_two_loads: each thread loads in[i] and in[i + blockDim.x]; thread 0 stores the block sum.
// reduce_warp_atomic: warp shuffle, lane 0 does atomicAdd into one float.
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


__global__ void reduce_two_loads(float* out, const float* in) {
  __shared__ float s[256];
  int tid = threadIdx.x;
  int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  float a = in[i];
  float b = in[i + blockDim.x];
  s[tid] = a + b;
  __syncthreads();
  for (int off = blockDim.x / 2; off > 0; off >>= 1) {
    if (tid < off)
      s[tid] += s[tid + off];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

__global__ void reduce_warp_atomic(float* result, const float* in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffffu, v, off);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(result, v);
}

int main() {
  const int N = 1 << 22;
  float *in, *out;
  CHECK(cudaMalloc(&in, N * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  init_f32<<<1024, 256>>>(in, N, 1.0f);
  CHECK(cudaGetLastError());
  CHECK(cudaMemset(out, 0, N * sizeof(float)));
  BENCH(0, reduce_two_loads<<<N / 512, 256>>>(out, in));
  CHECK(cudaGetLastError());
  BENCH(0, reduce_warp_atomic<<<N / 256, 256>>>(out, in));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  printf("26_reduction1d ok\n");
  return 0;
}
