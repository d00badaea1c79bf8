// Theme: templated kernels; each instantiation is profiled as its own kernel.
// tscale<float>, tscale<double>: contiguous. tstride<1>, tstride<4>, tstride<32>: a[S*t].
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


template <typename T>
__global__ void tscale(T* out, const T* in, T s) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  T v = in[t];
  out[t] = v * s;
}

template <int S>
__global__ void tstride(float* out, const float* in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[S * t];
  out[t] = v;
}

int main() {
  const int N = 1 << 20;
  float *a, *out;
  CHECK(cudaMalloc(&a, 32L * N * sizeof(float)));
  CHECK(cudaMalloc(&out, 2L * N * sizeof(float)));
  init_f32<<<2048, 256>>>(a, 32L * N, 1.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(0, tscale<float><<<grid, block>>>(out, a, 2.0f));
  CHECK(cudaGetLastError());
  BENCH(0, tscale<double><<<grid, block>>>((double*)out, (const double*)a, 2.0));
  CHECK(cudaGetLastError());
  BENCH(0, tstride<1><<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, tstride<4><<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, tstride<32><<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("23_templates ok\n");
  return 0;
}
