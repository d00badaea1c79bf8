// Theme: code ptxas may issue with every lane off: the copies of a split
// loop's leftover trips, and the two branches of a short if/else whose test
// reads the grid. A warp that issues such an instruction with no lane on
// counts a request that moves nothing.
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

// Two trips in every lane of a (16,16) block; nvcc does not know tx < 16.
__global__ void two_trip_copy(const float4 *in, float4 *out) {
  __shared__ float4 buf[16 * 32];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int d = tx; d < 32; d += 16)
    buf[ty * 32 + d] = in[(blockIdx.x * 16 + ty) * 32 + d];
  __syncthreads();
  out[(blockIdx.x * 16 + ty) * 16 + tx] = buf[ty * 32 + tx];
}

// One trip in lanes 16..31, two in 0..15 of a (32,8) block: the third copy
// of the leftover trips has no lane on.
__global__ void one_or_two_trips(const float4 *in, float4 *out) {
  __shared__ float4 buf[8 * 48];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int d = tx; d < 48; d += 32)
    buf[ty * 48 + d] = in[(blockIdx.x * 8 + ty) * 48 + d];
  __syncthreads();
  out[(blockIdx.x * 8 + ty) * 32 + tx] = buf[ty * 48 + tx];
}

// The right halo of a row of 32, under a test on the grid's size.
__global__ void right_halo(const float *s, float *out, int w) {
  __shared__ float ss[34 * 8];
  int x = blockIdx.x * 32 + threadIdx.x;
  int row = threadIdx.y * 34;
  ss[row + threadIdx.x + 1] = s[threadIdx.y * w + x];
  if (threadIdx.x == 31) {
    if (blockIdx.x == gridDim.x - 1)
      ss[row + 33] = s[threadIdx.y * w];
    else
      ss[row + 33] = s[threadIdx.y * w + x + 1];
  }
  __syncthreads();
  out[threadIdx.y * w + x] = ss[row + threadIdx.x] + ss[row + threadIdx.x + 2];
}

int main(int argc, char **argv) {
  // A width the analyzer cannot follow, as a program reading its input would
  // have it.
  const int w = argc > 1 ? atoi(argv[1]) : 4096;
  float *a, *c;
  CHECK(cudaMalloc(&a, 4L * N * sizeof(float)));
  CHECK(cudaMalloc(&c, 4L * N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, 4L * N);
  CHECK(cudaGetLastError());
  BENCH(0, two_trip_copy<<<1024, dim3(16, 16)>>>((const float4 *)a,
                                                  (float4 *)c));
  BENCH(0, one_or_two_trips<<<1024, dim3(32, 8)>>>((const float4 *)a,
                                                    (float4 *)c));
  BENCH(0, right_halo<<<(w + 31) / 32, dim3(32, 8)>>>(a, c, w));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(c));
  printf("51_copies_issued_empty ok\n");
  return 0;
}
