// Theme: reductions over a R x C = 2048 x 2048 float matrix (row-major).
// rowsum_thread_per_row: one thread per row walks its row (lanes strided by C: bad).
// colsum_thread_per_col: one thread per column walks down (lanes contiguous: good).
// rowsum_warp_per_row: one warp per row, lanes stride 32 across the row (good).
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


__global__ void rowsum_thread_per_row(float* out, const float* a) {
  const int C = 2048;
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < C; ++j) {
    float v = a[row * C + j];
    s += v;
  }
  out[row] = s;
}

__global__ void colsum_thread_per_col(float* out, const float* a) {
  const int R = 2048, C = 2048;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int r = 0; r < R; ++r) {
    float v = a[r * C + col];
    s += v;
  }
  out[col] = s;
}

__global__ void rowsum_warp_per_row(float* out, const float* a) {
  const int C = 2048;
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  float s = 0.0f;
  for (int j = lane; j < C; j += 32) {
    float v = a[row * C + j];
    s += v;
  }
  for (int off = 16; off > 0; off /= 2)
    s += __shfl_down_sync(0xffffffffu, s, off);
  if (lane == 0)
    out[row] = s;
}



int main() {
  const int R = 2048, C = 2048;
  float *a, *out;
  CHECK(cudaMalloc(&a, (long)R * C * sizeof(float)));
  CHECK(cudaMalloc(&out, R * sizeof(float)));
  init_f32<<<1024, 256>>>(a, (long)R * C, 1.0f);
  CHECK(cudaGetLastError());
  BENCH(4.0 * R * C + 4.0 * R, rowsum_thread_per_row<<<R / 256, 256>>>(out, a));
  std::vector<float> refR = bench_fetch(out, R);
  CHECK(cudaGetLastError());
  BENCH(4.0 * R * C + 4.0 * C, colsum_thread_per_col<<<C / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(4.0 * R * C + 4.0 * R, rowsum_warp_per_row<<<R / 8, 256>>>(out, a));
  bench_compare("rowsum_warp_per_row==rowsum_thread_per_row", refR.data(), out, R, 1e-3f);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("13_reduce2d ok\n");
  return 0;
}
