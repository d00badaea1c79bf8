// Theme: constant element strides a[S*t] (DESIGN.md rows a[2t], a[8t], a[32t], a[256t]).
// 1-D, 256-thread blocks. N = 1<<20 threads for S <= 32, NB = 1<<16 threads for S = 256.
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


__global__ void load_stride2(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[2 * t];
  out[t] = v;
}

__global__ void load_stride3(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[3 * t];
  out[t] = v;
}

__global__ void load_stride4(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[4 * t];
  out[t] = v;
}

__global__ void load_stride8(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[8 * t];
  out[t] = v;
}

__global__ void load_stride16(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[16 * t];
  out[t] = v;
}

__global__ void load_stride32(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[32 * t];
  out[t] = v;
}

__global__ void load_stride256(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[256 * t];
  out[t] = v;
}

// Fixed version of load_strideS: the strided elements stored contiguously (the field that was read
// at stride S kept in its own array), so consecutive lanes read consecutive floats. One kernel
// serves every S; it is launched on the stride-2 data and checked against load_stride2.
__global__ void load_stride_fixed(float* out, const float* packed) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = packed[t];
  out[t] = v;
}

int main() {
  const int N = 1 << 20;
  const int NB = 1 << 16;
  const long M = 32L * N;  // 128 MiB, covers 32*N and 256*NB
  float *a, *out;
  CHECK(cudaMalloc(&a, M * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  init_f32<<<2048, 256>>>(a, M, 1.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(8.0 * N, load_stride2<<<grid, block>>>(out, a));
  std::vector<float> ref2 = bench_fetch(out, N);
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, load_stride3<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, load_stride4<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, load_stride8<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, load_stride16<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, load_stride32<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * NB, load_stride256<<<NB / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  float* packed;
  CHECK(cudaMalloc(&packed, N * sizeof(float)));
  CHECK(cudaMemcpy2D(packed, sizeof(float), a, 2 * sizeof(float), sizeof(float), N, cudaMemcpyDeviceToDevice));
  BENCH(8.0 * N, load_stride_fixed<<<grid, block>>>(out, packed));
  CHECK(cudaGetLastError());
  bench_compare("load_stride_fixed==load_stride2", ref2.data(), out, N);
  CHECK(cudaFree(packed));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("02_strides ok\n");
  return 0;
}
