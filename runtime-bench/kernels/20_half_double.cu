// Theme: __half and double elements, N = 1<<20, 256-thread blocks.
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

#include <cuda_fp16.h>

__global__ void half_copy(__half* out, const __half* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  __half v = a[t];
  out[t] = __hadd(v, v);
}

__global__ void half2_copy(__half2* out, const __half2* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  __half2 v = a[t];
  out[t] = __hadd2(v, v);
}

__global__ void half_to_float(float* out, const __half* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  __half v = a[t];
  out[t] = __half2float(v);
}

__global__ void double_axpy(double* y, const double* x) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  double xv = x[t];
  double yv = y[t];
  y[t] = 2.0 * xv + yv;
}

__global__ void double_stride2(double* out, const double* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  double v = a[2 * t];
  out[t] = v;
}

__global__ void init_half(__half* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = __float2half(1.0f + (i % 13) * 0.125f);
}

int main() {
  const int N = 1 << 20;
  __half *ha, *hout;
  double *da, *dout;
  float* fout;
  CHECK(cudaMalloc(&ha, 2L * N * sizeof(__half)));
  CHECK(cudaMalloc(&hout, 2L * N * sizeof(__half)));
  CHECK(cudaMalloc(&da, 2L * N * sizeof(double)));
  CHECK(cudaMalloc(&dout, N * sizeof(double)));
  CHECK(cudaMalloc(&fout, N * sizeof(float)));
  init_half<<<2 * N / 256, 256>>>(ha, 2 * N);
  CHECK(cudaGetLastError());
  init_f32<<<1024, 256>>>((float*)da, 4L * N, 1.0f);
  CHECK(cudaGetLastError());
  init_f32<<<1024, 256>>>((float*)dout, 2L * N, 1.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(0, half_copy<<<grid, block>>>(hout, ha));
  CHECK(cudaGetLastError());
  BENCH(0, half2_copy<<<grid, block>>>((__half2*)hout, (const __half2*)ha));
  CHECK(cudaGetLastError());
  BENCH(0, half_to_float<<<grid, block>>>(fout, ha));
  CHECK(cudaGetLastError());
  BENCH(0, double_axpy<<<grid, block>>>(dout, da));
  CHECK(cudaGetLastError());
  BENCH(0, double_stride2<<<grid, block>>>(dout, da));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(ha));
  CHECK(cudaFree(hout));
  CHECK(cudaFree(da));
  CHECK(cudaFree(dout));
  CHECK(cudaFree(fout));
  printf("20_half_double ok\n");
  return 0;
}
