// Theme: adjacent shared-memory elements of an unrolled loop, which ptxas
// fuses into LDS.64/LDS.128 (STS) where it knows their alignment (issue 43,
// cause g): register tiles, misaligned starts, arrays placed after others,
// 2- and 8-byte elements, loops unrolled in copies, backwards, stores, and
// the shapes ptxas leaves alone (a guard in the body, a store between the
// loads, elements written out by hand).
// Part of cuda-coalesce runtime-bench: one access of each kind per source
// line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define N (1 << 20)

__global__ void init_f32(float *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0f + (float)((i * 2654435761u) % 97) * 0.01f;
}

// Sixteen lanes share a row of 8 floats: two LDS.128 a lane.
__global__ void tile_rows(const float *in, float *out) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  for (int k = tid; k < 2048; k += 256)
    s[k] = in[blockIdx.x * 2048 + k];
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 8; i++)
    acc += s[(tid / 16) * 8 + i] * (float)(i + 1);
  out[blockIdx.x * 256 + tid] = acc;
}

// Eight rows 64 bytes apart, 16 trips, no pragma: LDS.128 whose quarters
// meet in four banks.
__global__ void rows_apart(const float *in, float *out) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  for (int k = tid; k < 2048; k += 256)
    s[k] = in[blockIdx.x * 2048 + k];
  __syncthreads();
  float acc = 0.0f;
  for (int i = 0; i < 16; i++)
    acc += s[(tid % 8) * 16 + i] * (float)i;
  out[blockIdx.x * 256 + tid] = acc;
}

// A run that starts 8 bytes past alignment: LDS.64, LDS.128, LDS.64.
__global__ void odd_start(const float *in, float *out) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  for (int k = tid; k < 2048; k += 256)
    s[k] = in[blockIdx.x * 2048 + k];
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 8; i++)
    acc += s[(tid % 16) * 8 + 2 + i] * (float)(i + 1);
  out[blockIdx.x * 256 + tid] = acc;
}

// The array placed 8 bytes into shared memory: pairs only.
__global__ void after_pair(const float *in, float *out) {
  __shared__ float x[2];
  __shared__ float y[2048];
  int tid = threadIdx.x;
  if (tid < 2)
    x[tid] = in[tid];
  for (int k = tid; k < 2048; k += 256)
    y[k] = in[blockIdx.x * 2048 + k];
  __syncthreads();
  float acc = x[1];
#pragma unroll
  for (int i = 0; i < 8; i++)
    acc += y[(tid % 16) * 8 + i] * (float)(i + 1);
  out[blockIdx.x * 256 + tid] = acc;
}

// The array placed 12 bytes into shared memory: no fusion.
__global__ void after_three(const float *in, float *out) {
  __shared__ float x[3];
  __shared__ float y[2048];
  int tid = threadIdx.x;
  if (tid < 3)
    x[tid] = in[tid];
  for (int k = tid; k < 2048; k += 256)
    y[k] = in[blockIdx.x * 2048 + k];
  __syncthreads();
  float acc = x[2];
#pragma unroll
  for (int i = 0; i < 8; i++)
    acc += y[(tid % 16) * 8 + i] * (float)(i + 1);
  out[blockIdx.x * 256 + tid] = acc;
}

// Sixteen halves a lane: LDS.64 (ptxas does not make LDS.128 of them).
__global__ void halves(const float *in, float *out) {
  __shared__ __half h[4096];
  int tid = threadIdx.x;
  for (int k = tid; k < 4096; k += 256)
    h[k] = __float2half(in[blockIdx.x * 4096 + k]);
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 16; i++)
    acc += __half2float(h[(tid % 16) * 16 + i]);
  out[blockIdx.x * 256 + tid] = acc;
}

// Four doubles a lane, 32 bytes apart: LDS.128.
__global__ void doubles(const float *in, float *out) {
  __shared__ double d[1024];
  int tid = threadIdx.x;
  for (int k = tid; k < 1024; k += 256)
    d[k] = in[blockIdx.x * 1024 + k];
  __syncthreads();
  double acc = 0.0;
#pragma unroll
  for (int i = 0; i < 4; i++)
    acc += d[tid * 4 + i] * (double)(i + 1);
  out[blockIdx.x * 256 + tid] = (float)acc;
}

// 128 trips of two loads: unrolled in copies, each copy's elements fused.
__global__ void long_rows(const float *in, float *out) {
  __shared__ float s[4096];
  int tid = threadIdx.x;
  for (int k = tid; k < 4096; k += 256)
    s[k] = in[blockIdx.x * 4096 + k];
  __syncthreads();
  float acc = 0.0f;
  for (int i = 0; i < 128; i++)
    acc += s[(tid % 8) * 128 + i] * s[2048 + (tid / 32) * 128 + i];
  out[blockIdx.x * 256 + tid] = acc;
}

// Backwards over eight elements.
__global__ void backwards(const float *in, float *out) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  for (int k = tid; k < 2048; k += 256)
    s[k] = in[blockIdx.x * 2048 + k];
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int i = 7; i >= 0; i--)
    acc = acc * 0.5f + s[(tid % 32) * 8 + i];
  out[blockIdx.x * 256 + tid] = acc;
}

// Eight registers stored to a lane's row: STS.128.
__global__ void store_rows(const float *in, float *out) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  float r[8];
#pragma unroll
  for (int i = 0; i < 8; i++)
    r[i] = in[blockIdx.x * 2048 + i * 256 + tid];
#pragma unroll
  for (int i = 0; i < 8; i++)
    s[tid * 8 + i] = r[i];
  __syncthreads();
  out[blockIdx.x * 256 + tid] = s[(tid * 9) % 2048];
}

// A guard in the body: ptxas keeps one LDS per element.
__global__ void guarded_rows(const float *in, float *out, int n) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  for (int k = tid; k < 2048; k += 256)
    s[k] = in[blockIdx.x * 2048 + k];
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 8; i++)
    if (tid < n)
      acc += s[(tid / 16) * 8 + i];
  out[blockIdx.x * 256 + tid] = acc;
}

// Dynamic shared memory starts 16-byte aligned.
__global__ void dynamic_rows(const float *in, float *out) {
  extern __shared__ float e[];
  int tid = threadIdx.x;
  for (int k = tid; k < 2048; k += 256)
    e[k] = in[blockIdx.x * 2048 + k];
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 8; i++)
    acc += e[(tid / 16) * 8 + i] * (float)(i + 1);
  out[blockIdx.x * 256 + tid] = acc;
}

// HeCBench lud_internal's product on a 16x16 block: a row of 16 fused, a
// column read one element at a time.
__global__ void row_times_column(const float *in, float *out) {
  __shared__ float row[256];
  __shared__ float col[256];
  int tx = threadIdx.x, ty = threadIdx.y;
  row[ty * 16 + tx] = in[blockIdx.x * 512 + ty * 16 + tx];
  col[ty * 16 + tx] = in[blockIdx.x * 512 + 256 + ty * 16 + tx];
  __syncthreads();
  float sum = 0.0f;
  for (int i = 0; i < 16; i++)
    sum += col[ty * 16 + i] * row[i * 16 + tx];
  out[blockIdx.x * 256 + ty * 16 + tx] = sum;
}

// Four adjacent elements written out by hand.
__global__ void by_hand(const float *in, float *out) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  for (int k = tid; k < 2048; k += 256)
    s[k] = in[blockIdx.x * 2048 + k];
  __syncthreads();
  int b = (tid % 32) * 4;
  float acc = s[b] + s[b + 1] * 2.0f + s[b + 2] * 3.0f + s[b + 3] * 4.0f;
  out[blockIdx.x * 256 + tid] = acc;
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 200;
  float *a, *b;
  CHECK(cudaMalloc(&a, 8L * N * sizeof(float)));
  CHECK(cudaMalloc(&b, 8L * N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, 8L * N);
  CHECK(cudaGetLastError());
  const int blocks = 256;
  BENCH(0, tile_rows<<<blocks, 256>>>(a, b));
  BENCH(0, rows_apart<<<blocks, 256>>>(a, b));
  BENCH(0, odd_start<<<blocks, 256>>>(a, b));
  BENCH(0, after_pair<<<blocks, 256>>>(a, b));
  BENCH(0, after_three<<<blocks, 256>>>(a, b));
  BENCH(0, halves<<<blocks, 256>>>(a, b));
  BENCH(0, doubles<<<blocks, 256>>>(a, b));
  BENCH(0, long_rows<<<blocks, 256>>>(a, b));
  BENCH(0, backwards<<<blocks, 256>>>(a, b));
  BENCH(0, store_rows<<<blocks, 256>>>(a, b));
  BENCH(0, guarded_rows<<<blocks, 256>>>(a, b, n));
  BENCH(0, dynamic_rows<<<blocks, 256, 2048 * sizeof(float)>>>(a, b));
  BENCH(0, row_times_column<<<blocks, dim3(16, 16)>>>(a, b));
  BENCH(0, by_hand<<<blocks, 256>>>(a, b));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  printf("45_fusion ok\n");
  return 0;
}
