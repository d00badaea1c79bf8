// Theme: addresses that divide by sizes the analyzer does not know (ggml's
// flash attention divides by `ne02 / ne12` and by tile counts). The analyzer
// tries unknowns at small values, zero among them; a value that makes a lane
// divide by zero is no launch, and the other values decide the count.
// Part of cuda-coalesce runtime-bench: one access of each kind per source
// line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define N (1 << 20)

__global__ void init_f32(float *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0f + (float)(i % 97) * 0.01f;
}

__global__ void init_i32(int *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = (int)(i % 61);
}

// Blocks share a row by a ratio of two sizes: rows of 256 floats.
__global__ void rows_by_ratio(const float *q, float *out, int heads,
                              int groups) {
  int ratio = heads / groups;
  int row = blockIdx.x / ratio;
  float v = q[row * 256 + threadIdx.x];
  out[blockIdx.x * 256 + threadIdx.x] = v;
}

// A tile index taken apart by a count of tiles: part, then tile.
__global__ void tiles_by_count(const float *in, float *out, int n, int per) {
  int tiles = n / per;
  int part = blockIdx.x / tiles;
  int tile = blockIdx.x - part * tiles;
  float v = in[(part * 64 + tile) * 128 + threadIdx.x];
  out[blockIdx.x * 128 + threadIdx.x] = v;
}

// One bound per group of blocks, read by every lane.
__global__ void bound_per_group(const int *bounds, const float *in, float *out,
                                int n, int m) {
  int group = blockIdx.x / (n / m);
  int b = bounds[group];
  out[blockIdx.x * 128 + threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x] + b;
}

// Rows of 1001 floats: where each starts within a segment moves with the row.
__global__ void odd_rows_by_ratio(const float *q, float *out, int heads,
                                  int groups) {
  int row = blockIdx.x / (heads / groups);
  float v = q[row * 1001 + threadIdx.x];
  out[blockIdx.x * 128 + threadIdx.x] = v;
}

int main(int argc, char **argv) {
  // Sizes the analyzer cannot follow, as a program reading its input would
  // have them.
  const int heads = argc > 1 ? atoi(argv[1]) : 32;
  const int groups = argc > 2 ? atoi(argv[2]) : 8;
  const int n = argc > 3 ? atoi(argv[3]) : 4096;
  const int per = argc > 4 ? atoi(argv[4]) : 128;
  float *a, *c;
  int *bounds;
  CHECK(cudaMalloc(&a, 4L * N * sizeof(float)));
  CHECK(cudaMalloc(&c, 4L * N * sizeof(float)));
  CHECK(cudaMalloc(&bounds, N * sizeof(int)));
  init_f32<<<1024, 256>>>(a, 4L * N);
  init_i32<<<1024, 256>>>(bounds, N);
  CHECK(cudaGetLastError());
  BENCH(0, rows_by_ratio<<<4096, 256>>>(a, c, heads, groups));
  BENCH(0, tiles_by_count<<<2048, 128>>>(a, c, n, per));
  BENCH(0, bound_per_group<<<4096, 128>>>(bounds, a, c, n, per));
  BENCH(0, odd_rows_by_ratio<<<4096, 128>>>(a, c, heads, groups));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(c));
  CHECK(cudaFree(bounds));
  printf("50_division_by_unknown ok\n");
  return 0;
}
