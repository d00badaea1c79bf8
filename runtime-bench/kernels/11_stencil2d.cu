// Theme: 2-D 5-point stencil on W x H = 2048 x 2048 floats, block 32x8, interior guard.
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


__global__ void stencil5(float* out, const float* in) {
  const int W = 2048, H = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x > 0 && x < W - 1 && y > 0 && y < H - 1) {
    float c = in[y * W + x];
    float n = in[(y - 1) * W + x];
    float s = in[(y + 1) * W + x];
    float w = in[y * W + x - 1];
    float e = in[y * W + x + 1];
    out[y * W + x] = c - 0.25f * (n + s + w + e);
  }
}

int main() {
  const int W = 2048, H = 2048;
  float *a, *out;
  CHECK(cudaMalloc(&a, (long)W * H * sizeof(float)));
  CHECK(cudaMalloc(&out, (long)W * H * sizeof(float)));
  init_f32<<<1024, 256>>>(a, (long)W * H, 1.0f);
  CHECK(cudaGetLastError());
  dim3 block(32, 8), grid(W / 32, H / 8);
  BENCH(0, stencil5<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("11_stencil2d ok\n");
  return 0;
}
