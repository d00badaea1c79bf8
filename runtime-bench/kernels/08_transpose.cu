// Theme: matrix transpose, W = H = 2048 floats, block 32x8.
// Naive: coalesced read, strided write. Tiled: 32x33 shared-memory tile, both sides coalesced.
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


__global__ void transpose_naive(float* out, const float* in) {
  const int W = 2048, H = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = in[y * W + x];
  out[x * H + y] = v;
}

// Each block moves one 32x32 tile; each thread handles 4 rows (blockDim.y = 8).
__global__ void transpose_tiled(float* out, const float* in) {
  const int W = 2048, H = 2048, TILE = 32, ROWS = 8;
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = in[(y + j) * W + x];
    tile[threadIdx.y + j][threadIdx.x] = v;
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = tile[threadIdx.x][threadIdx.y + j];
    out[(y + j) * H + x] = v;
  }
}



int main() {
  const int W = 2048, H = 2048;
  float *a, *out;
  CHECK(cudaMalloc(&a, (long)W * H * sizeof(float)));
  CHECK(cudaMalloc(&out, (long)W * H * sizeof(float)));
  init_f32<<<1024, 256>>>(a, (long)W * H, 1.0f);
  CHECK(cudaGetLastError());
  dim3 block(32, 8);
  dim3 gridNaive(W / 32, H / 8);
  BENCH(8.0 * W * H, transpose_naive<<<gridNaive, block>>>(out, a));
  std::vector<float> refT = bench_fetch(out, (size_t)W * H);
  CHECK(cudaMemset(out, 0, (size_t)W * H * sizeof(float)));
  CHECK(cudaGetLastError());
  dim3 gridTiled(W / 32, H / 32);
  BENCH(8.0 * W * H, transpose_tiled<<<gridTiled, block>>>(out, a));
  bench_compare("transpose_tiled==transpose_naive", refT.data(), out, (size_t)W * H);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("08_transpose ok\n");
  return 0;
}
