// Theme: 1-D stencils, N = 1<<20, 256-thread blocks.
// stencil3: global neighbours in[i-1], in[i], in[i+1] with an interior guard.
// stencil7_shared: radius-3 stencil through shared memory; halo loaded by lanes threadIdx.x < 3.
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


__global__ void stencil3(float* out, const float* in) {
  const int N = 1 << 20;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < N - 1) {
    float l = in[i - 1];
    float c = in[i];
    float r = in[i + 1];
    out[i] = 0.25f * l + 0.5f * c + 0.25f * r;
  }
}

__global__ void stencil7_shared(float* out, const float* in) {
  const int N = 1 << 20, R = 3, B = 256;
  __shared__ float s[B + 2 * R];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float c = in[i];
  s[threadIdx.x + R] = c;
  if (threadIdx.x < R) {
    int lo = i - R;
    int hi = i + B;
    float vl = lo >= 0 ? in[lo] : 0.0f;
    s[threadIdx.x] = vl;
    float vh = hi < N ? in[hi] : 0.0f;
    s[threadIdx.x + B + R] = vh;
  }
  __syncthreads();
  float acc = 0.0f;
  for (int k = -R; k <= R; ++k)
    acc += s[threadIdx.x + R + k];
  out[i] = acc;
}

int main() {
  const int N = 1 << 20;
  float *a, *out;
  CHECK(cudaMalloc(&a, N * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, N, 1.0f);
  CHECK(cudaGetLastError());
  BENCH(0, stencil3<<<N / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, stencil7_shared<<<N / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("10_stencil1d ok\n");
  return 0;
}
