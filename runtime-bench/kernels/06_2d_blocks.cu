// Theme: 2-D blocks over a W x H = 2048 x 2048 float matrix (DESIGN.md rows block 32x8 and 16x16).
// x = blockIdx.x*blockDim.x+threadIdx.x (column), y = blockIdx.y*blockDim.y+threadIdx.y (row).
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


__global__ void rowmajor_32x8(float* out, const float* a) {
  const int W = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = a[y * W + x];
  out[y * W + x] = v;
}

__global__ void colmajor_32x8(float* out, const float* a) {
  const int W = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = a[x * W + y];
  out[y * W + x] = v;
}

__global__ void rowmajor_16x16(float* out, const float* a) {
  const int W = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = a[y * W + x];
  out[y * W + x] = v;
}

__global__ void rowmajor_8x32(float* out, const float* a) {
  const int W = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = a[y * W + x];
  out[y * W + x] = v;
}

__global__ void rowmajor_64x4(float* out, const float* a) {
  const int W = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = a[y * W + x];
  out[y * W + x] = v;
}

// Width passed as a kernel argument (literal 2048 at the launch site).
__global__ void rowmajor_param_w(float* out, const float* a, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = a[y * w + x];
  out[x * w + y] = v;
}

int main() {
  const int W = 2048, H = 2048;
  float *a, *out;
  CHECK(cudaMalloc(&a, (long)W * H * sizeof(float)));
  CHECK(cudaMalloc(&out, (long)W * H * sizeof(float)));
  init_f32<<<1024, 256>>>(a, (long)W * H, 1.0f);
  CHECK(cudaGetLastError());
  dim3 b32x8(32, 8), g32x8(W / 32, H / 8);
  BENCH(0, rowmajor_32x8<<<g32x8, b32x8>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, colmajor_32x8<<<g32x8, b32x8>>>(out, a));
  CHECK(cudaGetLastError());
  dim3 b16x16(16, 16), g16x16(W / 16, H / 16);
  BENCH(0, rowmajor_16x16<<<g16x16, b16x16>>>(out, a));
  CHECK(cudaGetLastError());
  dim3 b8x32(8, 32), g8x32(W / 8, H / 32);
  BENCH(0, rowmajor_8x32<<<g8x32, b8x32>>>(out, a));
  CHECK(cudaGetLastError());
  dim3 b64x4(64, 4), g64x4(W / 64, H / 4);
  BENCH(0, rowmajor_64x4<<<g64x4, b64x4>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, rowmajor_param_w<<<g32x8, b32x8>>>(out, a, 2048));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("06_2d_blocks ok\n");
  return 0;
}
