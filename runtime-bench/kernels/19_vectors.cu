// Theme: vector loads and stores, N = 1<<20 vectors, 256-thread blocks.
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


__global__ void vec_float2(float2* out, const float2* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float2 v = a[t];
  v.x += 1.0f;
  out[t] = v;
}

__global__ void vec_float4(float4* out, const float4* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = a[t];
  v.x += 1.0f;
  out[t] = v;
}

__global__ void vec_int4(int4* out, const int4* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = a[t];
  v.x += 1;
  out[t] = v;
}

// float buffer read as float4 through reinterpret_cast.
__global__ void vec_reinterpret(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = reinterpret_cast<const float4*>(a)[t];
  out[t] = v.x + v.y + v.z + v.w;
}

// Every other float4: 32 lanes x 16 B spread over 1 KiB.
__global__ void vec_float4_stride2(float4* out, const float4* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = a[2 * t];
  v.x += 1.0f;
  out[t] = v;
}

int main() {
  const int N = 1 << 20;
  float *a, *out;
  CHECK(cudaMalloc(&a, 8L * N * sizeof(float)));
  CHECK(cudaMalloc(&out, 4L * N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, 8L * N, 1.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(0, vec_float2<<<grid, block>>>((float2*)out, (const float2*)a));
  CHECK(cudaGetLastError());
  BENCH(0, vec_float4<<<grid, block>>>((float4*)out, (const float4*)a));
  CHECK(cudaGetLastError());
  BENCH(0, vec_int4<<<grid, block>>>((int4*)out, (const int4*)a));
  CHECK(cudaGetLastError());
  BENCH(0, vec_reinterpret<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, vec_float4_stride2<<<grid, block>>>((float4*)out, (const float4*)a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("19_vectors ok\n");
  return 0;
}
