// Theme: other load/store forms, N = 1<<20, 256-thread blocks.
// __ldg, const __restrict__ (read-only path), read-modify-write on one line, volatile,
// a float view of a byte buffer shifted by 4 bytes, streaming-store intrinsic __stcs.
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


__global__ void ldg_load(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = __ldg(&a[t]);
  out[t] = v;
}

__global__ void restrict_load(float* __restrict__ out, const float* __restrict__ a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t];
  out[t] = v;
}

__global__ void rmw_inplace(float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t] += 1.0f;
}

__global__ void volatile_load(float* out, volatile float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t];
  out[t] = v;
}

__global__ void byte_offset_view(float* out, const char* bytes) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  const float* f = reinterpret_cast<const float*>(bytes + 4);
  float v = f[t];
  out[t] = v;
}

__global__ void streaming_store(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t];
  __stcs(&out[t], v);
}

int main() {
  const int N = 1 << 20;
  float *a, *out;
  CHECK(cudaMalloc(&a, (N + 64) * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, N + 64, 1.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(0, ldg_load<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, restrict_load<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, rmw_inplace<<<grid, block>>>(a));
  CHECK(cudaGetLastError());
  BENCH(0, volatile_load<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, byte_offset_view<<<grid, block>>>(out, (const char*)a));
  CHECK(cudaGetLastError());
  BENCH(0, streaming_store<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("28_misc_kinds ok\n");
  return 0;
}
