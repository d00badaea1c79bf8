// Theme: contiguous float loads with a constant element offset
// (DESIGN.md rows a[t], a[t+16], a[t+1]). 1-D, 256-thread blocks, N = 1<<20.
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


__global__ void load_aligned(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t];
  out[t] = v;
}

__global__ void load_off1(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t + 1];
  out[t] = v;
}

__global__ void load_off2(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t + 2];
  out[t] = v;
}

__global__ void load_off8(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t + 8];
  out[t] = v;
}

__global__ void load_off16(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t + 16];
  out[t] = v;
}

__global__ void load_off31(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t + 31];
  out[t] = v;
}

// Fixed version of load_off1 (misaligned start): the same elements a[t+1], read through an aligned
// base (the data kept in a 256-byte aligned buffer starting at element 1), 4 sectors per request.
__global__ void load_off1_fixed(float* out, const float* a_aligned) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a_aligned[t];
  out[t] = v;
}

int main() {
  const int N = 1 << 20;
  const int PAD = 64;
  float *a, *out;
  CHECK(cudaMalloc(&a, (N + PAD) * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, N + PAD, 1.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(8.0 * N, load_aligned<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, load_off1<<<grid, block>>>(out, a));
  std::vector<float> ref1 = bench_fetch(out, N);
  CHECK(cudaGetLastError());
  BENCH(0, load_off2<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, load_off8<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, load_off16<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, load_off31<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  float* a1;
  CHECK(cudaMalloc(&a1, N * sizeof(float)));
  CHECK(cudaMemcpy(a1, a + 1, N * sizeof(float), cudaMemcpyDeviceToDevice));
  BENCH(8.0 * N, load_off1_fixed<<<grid, block>>>(out, a1));
  CHECK(cudaGetLastError());
  bench_compare("load_off1_fixed==load_off1", ref1.data(), out, N);
  CHECK(cudaFree(a1));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("01_offsets ok\n");
  return 0;
}
