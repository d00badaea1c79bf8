// Theme: 3x3 convolution with uniform loop counters dy, dx, W x H = 2048 x 2048, block 32x8.
// in[(y+dy)*W + x+dx]: misaligned for dx != 0. w[(dy+1)*3 + dx+1]: one address per warp (uniform).
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


__global__ void conv3x3(float* out, const float* in, const float* w) {
  const int W = 2048, H = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || x >= W - 1 || y < 1 || y >= H - 1)
    return;
  float acc = 0.0f;
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      float v = in[(y + dy) * W + x + dx];
      float k = w[(dy + 1) * 3 + dx + 1];
      acc += v * k;
    }
  }
  out[y * W + x] = acc;
}

int main() {
  const int W = 2048, H = 2048;
  float *in, *out, *w;
  CHECK(cudaMalloc(&in, (long)W * H * sizeof(float)));
  CHECK(cudaMalloc(&out, (long)W * H * sizeof(float)));
  CHECK(cudaMalloc(&w, 9 * sizeof(float)));
  init_f32<<<1024, 256>>>(in, (long)W * H, 1.0f);
  CHECK(cudaGetLastError());
  init_f32<<<1, 32>>>(w, 9, 0.1f);
  CHECK(cudaGetLastError());
  dim3 block(32, 8), grid(W / 32, H / 8);
  BENCH(0, conv3x3<<<grid, block>>>(out, in, w));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(w));
  printf("31_conv2d ok\n");
  return 0;
}
