// Theme: loops whose trip count differs between the lanes of a warp, as nvcc
// unrolls them. LLVM unrolls a loop whose trip count it does not know by 4
// (2 for larger bodies) and runs the trip count modulo the factor in a loop
// of its own, first, or last when an integer the loop changes starts at a
// constant; for a body of a few instructions ptxas runs LLVM's loop 16 trips
// at a time, then 8 and 4. Each of these pieces is code of its own, issued
// by a warp when any of its lanes runs it, every lane at a trip of its own.
// The kernels: a row per lane with the leftover trips last and ptxas's
// pieces (`k <= t`), the same with expf in the body (no pieces), a column
// walk whose lanes leave after 1 to 64 trips (pieces), four loads per trip
// with the leftover trips first (no pieces), a float4 loop of llm.c's
// online softmax (factor 2, a loop of four trips inside), and a column walk
// unrolled (pieces) against the same under `#pragma unroll 1` and with one
// trip count per warp (lanes in step: the fix pairs).
// T = 1024 rows of 1024 floats (row lengths known to nvcc only at run time:
// a kernel argument); 256-thread blocks.
// Part of cuda-coalesce runtime-bench: one global access of each kind per
// source line; see ../README.md.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)

__global__ void init_f32(float *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0f + (float)(i % 89) * 0.01f;
}

// Row t, its first t + 1 floats (a causal softmax's maximum): ptxas's
// pieces, the leftover trips after them.
__global__ void row_prefix_max(float *out, const float *a, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  const float *row = a + (long)t * T;
  float m = -1e30f;
  for (int k = 0; k <= t; k++)
    if (row[k] > m) m = row[k];
  out[t] = m;
}

// The same rows through expf: too long a trip for ptxas's pieces.
__global__ void row_prefix_exp(float *out, const float *a, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  const float *row = a + (long)t * T;
  float s = 0.0f;
  for (int k = 0; k <= t; k++)
    s += expf(row[k] - 1.0f);
  out[t] = s;
}

// Column i, rows 0 .. i % 64: lanes leave after 1 to 64 trips, the
// leftover trips after ptxas's pieces.
__global__ void column_prefix(float *out, const float *a, int T) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k <= i % 64; k++)
    s += a[(long)k * T + i];
  out[i] = s;
}

// Four loads per trip from row j, columns i: the leftover trips first, no
// pieces (too many loads).
__global__ void columns_from_i(float *out, const float *a, const float *b,
                               int T) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = i % 128; j < 128; j++)
    s += a[(long)j * T + i] * b[(long)j * T + i] + a[(long)j * T + i + 1] * b[(long)j * T + i + 1];
  out[i] = s;
}

__device__ float vec_at(const float4 &v, int k) {
  return reinterpret_cast<const float *>(&v)[k];
}

// llm.c's online softmax: a warp per row, the row's first (row % T) / 4
// float4s; unrolled by 2 with each lane's leftover trip first.
__global__ void online_softmax4(float *out, const float *inp, int T) {
  int lane = threadIdx.x % 32;
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int pos_by_4 = (row % T) / 4;
  const float4 *x = reinterpret_cast<const float4 *>(inp + (long)row * T);
  float maxval = -1e30f, sumval = 0.0f;
  for (int i = lane; i < pos_by_4; i += 32u) {
    float4 v = x[i];
    float old = maxval;
    for (int k = 0; k < 4; ++k)
      maxval = fmaxf(maxval, vec_at(v, k));
    sumval *= expf(0.5f * (old - maxval));
    for (int k = 0; k < 4; ++k)
      sumval += expf(0.5f * (vec_at(v, k) - maxval));
  }
  if (lane == 0)
    out[row] = sumval + maxval;
}

// Column i read from its own row down (c[(j - i) * T + i], j = i .. T - 1):
// coalesced as written, four rows at once once unrolled.
__global__ void column_from_diagonal(float *out, const float *c, int T) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = i; j < T; j++)
    s += c[(long)(j - i) * T + i];
  out[i] = s;
}

// The same kept in step by `#pragma unroll 1` (the lanes-in-step fix).
__global__ void column_from_diagonal_in_step(float *out, const float *c,
                                             int T) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
#pragma unroll 1
  for (int j = i; j < T; j++)
    s += c[(long)(j - i) * T + i];
  out[i] = s;
}

// The same with one trip count for the whole warp (the lanes-in-step fix):
// the loop runs over the row t = j - i up to the warp's first lane's count,
// and a lane past its own end idles. nvcc unrolls it with the lanes in step.
__global__ void column_from_diagonal_warp_trips(float *out, const float *c,
                                                int T) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int warp_trips = T - (i & ~31);
  float s = 0.0f;
  for (int t = 0; t < warp_trips; t++)
    if (i + t < T)
      s += c[(long)t * T + i];
  out[i] = s;
}

int main() {
  const int T = 1024;
  const long n = (long)T * T;
  float *a, *b, *out, *out2;
  CHECK(cudaMalloc(&a, (n + 64) * sizeof(float)));
  CHECK(cudaMalloc(&b, (n + 64) * sizeof(float)));
  CHECK(cudaMalloc(&out, T * 32 * sizeof(float)));
  CHECK(cudaMalloc(&out2, T * 32 * sizeof(float)));
  init_f32<<<1024, 256>>>(a, n + 64);
  init_f32<<<1024, 256>>>(b, n + 64);
  CHECK(cudaGetLastError());
  BENCH(0, row_prefix_max<<<T / 256, 256>>>(out, a, T));
  CHECK(cudaGetLastError());
  BENCH(0, row_prefix_exp<<<T / 256, 256>>>(out, a, T));
  CHECK(cudaGetLastError());
  BENCH(0, column_prefix<<<T / 256, 256>>>(out, a, T));
  CHECK(cudaGetLastError());
  BENCH(0, columns_from_i<<<T / 256, 256>>>(out, a, b, T));
  CHECK(cudaGetLastError());
  BENCH(0, online_softmax4<<<T * 32 / 256, 256>>>(out, a, T));
  CHECK(cudaGetLastError());
  BENCH(0, column_from_diagonal<<<T / 256, 256>>>(out, a, T));
  CHECK(cudaGetLastError());
  BENCH(0, column_from_diagonal_in_step<<<T / 256, 256>>>(out2, a, T));
  CHECK(cudaGetLastError());
  BENCH(0, column_from_diagonal_warp_trips<<<T / 256, 256>>>(out2 + T, a, T));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  // The fix pair computes the same sums.
  std::vector<float> h1(T), h2(2 * T);
  CHECK(cudaMemcpy(h1.data(), out, T * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h2.data(), out2, 2 * T * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 2 * T; i++)
    if (std::abs(h1[i % T] - h2[i]) > 1e-3f * std::abs(h1[i % T]) + 1e-3f) {
      printf("42_unrolled_lanes: column_from_diagonal differs at %d: %f vs %f\n", i, h1[i % T], h2[i]);
      return 1;
    }
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(out));
  CHECK(cudaFree(out2));
  printf("42_unrolled_lanes ok\n");
  return 0;
}
