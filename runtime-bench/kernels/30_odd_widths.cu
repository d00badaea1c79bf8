// Theme: rows whose width is not a multiple of 8 floats, so row starts walk through 4-byte phases.
// logits_rows: V = 50257 floats per row, R = 64 rows, block 256 (1-D over columns),
// grid (197, 64): blockIdx.y picks the row, guard col < V.
// row_scale_2d: static 2-D array view float (*m)[2048] indexed m[y][x], block 32x8, 1024 rows.
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


__global__ void logits_rows(float* out, const float* logits) {
  const int V = 50257;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y;
  if (col < V) {
    float v = logits[(long)row * V + col];
    out[(long)row * V + col] = v * 0.5f;
  }
}

__global__ void row_scale_2d(float (*m)[2048], const float (*src)[2048]) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = src[y][x];
  m[y][x] = 2.0f * v;
}

int main() {
  const int V = 50257, R = 64;
  const int W = 2048, H = 1024;
  float *logits, *out, *m, *src;
  CHECK(cudaMalloc(&logits, (long)V * R * sizeof(float)));
  CHECK(cudaMalloc(&out, (long)V * R * sizeof(float)));
  CHECK(cudaMalloc(&m, (long)W * H * sizeof(float)));
  CHECK(cudaMalloc(&src, (long)W * H * sizeof(float)));
  init_f32<<<1024, 256>>>(logits, (long)V * R, 1.0f);
  CHECK(cudaGetLastError());
  init_f32<<<1024, 256>>>(src, (long)W * H, 1.0f);
  CHECK(cudaGetLastError());
  dim3 lgrid((V + 255) / 256, R), lblock(256);
  BENCH(0, logits_rows<<<lgrid, lblock>>>(out, logits));
  CHECK(cudaGetLastError());
  dim3 block(32, 8), grid(W / 32, H / 8);
  BENCH(0, row_scale_2d<<<grid, block>>>((float (*)[2048])m, (const float (*)[2048])src));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(logits));
  CHECK(cudaFree(out));
  CHECK(cudaFree(m));
  CHECK(cudaFree(src));
  printf("30_odd_widths ok\n");
  return 0;
}
