// Theme: loops over a braced list, which nvcc unrolls fully, and the tests
// their elements decide. ggml's flash attention (fattn-mma-f16.cuh) loads
// its Q tile in decreasing widths, `for (int stride_k : {warp_size,
// warp_size/2, warp_size/4, warp_size/8})`: each trip is its own code with
// its element known, and a trip whose width does not fit the row's rest
// skips its work (`if (k0_start == k0_stop) continue;`). One source line is
// then several instructions, one per trip that has work.
// Part of cuda-coalesce runtime-bench: see ../README.md.

#include <cstdio>
#include <cstdlib>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)

#define ROWS (1 << 16)
#define TILE_ROWS 32

// Fills a buffer. Not measured (ncu skips init_*).
__global__ void init_f32(float *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0f + (float)(i % 89) * 0.01f;
}

// Rows of D floats into a shared tile, in widths of 32, 16, 8 and 4 lanes
// per row (block (32,4)). D = 36: the 32-wide trip reads columns 0..31 of
// a row per warp (rows 144 bytes apart: every other one starts 16 bytes
// into a sector); the 16- and 8-wide trips find nothing left to do; the
// 4-wide trip reads columns 32..35 of 8 rows per warp.
template <int D>
__global__ void tile_widths(const float *__restrict__ q,
                            float *__restrict__ out) {
  __shared__ float tile[TILE_ROWS][D];
  const int row0 = blockIdx.x * TILE_ROWS;
#pragma unroll
  for (int stride_k : {32, 16, 8, 4}) {
    const int k0_start = stride_k == 32 ? 0 : D - D % (2 * stride_k);
    const int k0_stop = D - D % stride_k;
    const int stride_j = 32 / stride_k;
    if (k0_start == k0_stop)
      continue;
#pragma unroll
    for (int j0 = 0; j0 < TILE_ROWS; j0 += 4 * stride_j) {
      const int j = j0 + threadIdx.y * stride_j +
                    (stride_k == 32 ? 0 : threadIdx.x / stride_k);
#pragma unroll
      for (int k0 = k0_start; k0 < k0_stop; k0 += stride_k) {
        const int k =
            k0 + (stride_k == 32 ? threadIdx.x : threadIdx.x % stride_k);
        tile[j][k] = q[(row0 + j) * D + k];
      }
    }
  }
  __syncthreads();
  if (threadIdx.y == 0)
    out[row0 + threadIdx.x] = tile[threadIdx.x][D - 1];
}

// A store in every trip: the element is the lane stride (1, 2, 4 floats).
// Each trip is one instruction on the line, 4, 8 and 16 sectors/request.
__global__ void scatter_widths(const float *__restrict__ in,
                               float *__restrict__ out) {
  const int base = blockIdx.x * 128;
#pragma unroll
  for (int stride : {1, 2, 4})
    out[base + threadIdx.x * stride] = in[base + threadIdx.x];
}

// A template argument that rules a branch out: no code for it.
template <int N>
__global__ void copy_unless_wide(const float *__restrict__ in,
                                 float *__restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (N > 4)
    out[i * N] = in[i];
  else
    out[i] = in[i] * N;
}

int main() {
  float *q, *out;
  const long n = (long)ROWS * 64;
  CHECK(cudaMalloc(&q, n * sizeof(float)));
  CHECK(cudaMalloc(&out, n * sizeof(float)));
  init_f32<<<1024, 256>>>(q, n);
  CHECK(cudaGetLastError());
  BENCH(0, tile_widths<36><<<ROWS / TILE_ROWS, dim3(32, 4)>>>(q, out));
  CHECK(cudaGetLastError());
  BENCH(0, scatter_widths<<<ROWS / 128, 32>>>(q, out));
  CHECK(cudaGetLastError());
  BENCH(0, copy_unless_wide<2><<<ROWS / 256, 256>>>(q, out));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(q));
  CHECK(cudaFree(out));
  printf("40_unrolled_lists ok\n");
  return 0;
}
