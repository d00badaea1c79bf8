// Theme: broadcasts in a 2-D elementwise kernel, W x H = 2048 x 2048, block 32x8.
// bias[x] is per-column (coalesced), scale[y] is per-row (warp-uniform), wrap[t % 64] is modular.
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


__global__ void bias_scale(float* out, const float* in, const float* bias, const float* scale) {
  const int W = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = in[y * W + x];
  float b = bias[x];
  float s = scale[y];
  out[y * W + x] = v * s + b;
}

__global__ void modular_index(float* out, const float* wrap) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = wrap[t % 64];
  out[t] = v;
}

int main() {
  const int W = 2048, H = 2048;
  float *in, *out, *bias, *scale;
  CHECK(cudaMalloc(&in, (long)W * H * sizeof(float)));
  CHECK(cudaMalloc(&out, (long)W * H * sizeof(float)));
  CHECK(cudaMalloc(&bias, W * sizeof(float)));
  CHECK(cudaMalloc(&scale, H * sizeof(float)));
  init_f32<<<1024, 256>>>(in, (long)W * H, 1.0f);
  CHECK(cudaGetLastError());
  init_f32<<<8, 256>>>(bias, W, 0.5f);
  CHECK(cudaGetLastError());
  init_f32<<<8, 256>>>(scale, H, 2.0f);
  CHECK(cudaGetLastError());
  dim3 block(32, 8), grid(W / 32, H / 8);
  BENCH(0, bias_scale<<<grid, block>>>(out, in, bias, scale));
  CHECK(cudaGetLastError());
  BENCH(0, modular_index<<<(1 << 20) / 256, 256>>>(out, bias));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(bias));
  CHECK(cudaFree(scale));
  printf("27_broadcast_bias ok\n");
  return 0;
}
