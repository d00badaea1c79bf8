// Theme: when the two quarter warps of an LDS.128 (the two half warps of an
// LDS.64) share one pass. runtime-bench 38 measured single addresses per
// quarter sharing one (`f[tid / 8]`: 2) and eight identical float4s per
// quarter not (`f[tid % 8]`: 4); CUDA-GEMM-Optimization's warp tiles
// measured 2 for four float4s 32 bytes apart in every quarter and 4 for two
// per quarter, different in the two quarters of a pair (issue 43). One
// shape per line, so that the GPU maps the rule.
// Part of cuda-coalesce runtime-bench: one access of each kind per source
// line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define TB 256
#define G 1024

__global__ void init_f32(float *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0f + (float)((i * 2654435761u) % 97) * 0.01f;
}

__device__ float sum4(float4 v) { return v.x + v.y + v.z + v.w; }

__global__ void quarter_sets(float *out, const float4 *in) {
  __shared__ float4 f[TB];
  int t = threadIdx.x;
  f[t] = in[blockIdx.x * TB + t];
  __syncthreads();
  float4 a = f[t % 4];              // four float4s, the same in every quarter
  float4 b = f[(t % 4) * 2];        // four, 32 bytes apart, the same in every quarter
  float4 c = f[(t / 4) * 2];        // two a quarter, 32 bytes apart, others in the next
  float4 d = f[t / 4];              // two a quarter, adjacent, others in the next
  float4 e = f[t % 2];              // two, the same in every quarter
  float4 g = f[(t / 2) % 4];        // four adjacent, the same in every quarter
  float4 h = f[(t % 4) + (t / 8) * 4];  // four a quarter, others in the next
  float4 k = f[(t % 2) + (t / 8) * 2];  // two a quarter, adjacent to the next's
  out[blockIdx.x * TB + t] = sum4(a) + sum4(b) + sum4(c) + sum4(d) + sum4(e) +
                             sum4(g) + sum4(h) + sum4(k);
}

__global__ void quarter_banks(float *out, const float4 *in) {
  __shared__ float4 f[TB * 4];
  int t = threadIdx.x;
  for (int k = t; k < TB * 4; k += TB)
    f[k] = in[blockIdx.x * TB + (k % TB)];
  __syncthreads();
  float4 a = f[(t % 4) * 8];        // four float4s 128 bytes apart: one bank group
  float4 b = f[(t % 2) * 8 + (t / 8) % 2];  // two a quarter, same banks, next quarter shifted
  float4 c = f[(t / 8) * 8];        // one a quarter, 128 bytes apart: the same banks
  float4 d = f[(t % 8) + (t / 16) * 8]; // eight a quarter, pairs the same, halves apart
  out[blockIdx.x * TB + t] = sum4(a) + sum4(b) + sum4(c) + sum4(d);
}

__global__ void half_sets(float *out, const float2 *in) {
  __shared__ float2 d[TB * 2];
  int t = threadIdx.x;
  d[t] = in[blockIdx.x * TB + t];
  d[TB + t] = in[blockIdx.x * TB + t];
  __syncthreads();
  float2 a = d[t % 8];              // eight float2s, the same in both halves
  float2 b = d[(t % 4) * 4];        // four, 32 bytes apart, the same in both halves
  float2 c = d[(t / 8) * 4];        // two a half, 32 bytes apart, others in the next
  float2 e = d[t % 2];              // two, the same in both halves
  float2 g = d[(t % 8) + (t / 16) * 8]; // eight a half, others in the next
  out[blockIdx.x * TB + t] = a.x + a.y + b.x + b.y + c.x + c.y + e.x + e.y +
                             g.x + g.y;
}

int main() {
  float *a, *out;
  CHECK(cudaMalloc(&a, (size_t)G * TB * 16));
  CHECK(cudaMalloc(&out, (size_t)G * TB * 4));
  init_f32<<<1024, 256>>>(a, (long)G * TB * 4);
  CHECK(cudaGetLastError());
  BENCH(0, quarter_sets<<<G, TB>>>(out, (const float4 *)a));
  BENCH(0, quarter_banks<<<G, TB>>>(out, (const float4 *)a));
  BENCH(0, half_sets<<<G, TB>>>(out, (const float2 *)a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("46_wide_phases ok\n");
  return 0;
}
