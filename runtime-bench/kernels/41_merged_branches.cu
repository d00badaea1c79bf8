// Theme: an `if` whose two branches end with a store to the same element
// (`if (c) a[i] *= s; else a[i] = 0;`). nvcc sinks the two stores into one
// after the join; what is left of the then branch, the load, is either
// predicated (every warp that reaches the `if` issues it, the warps with no
// lane on moving nothing) or branched around. llm.c's
// attention_softmax_kernel1 has the first kernel's shape, in a loop whose
// test changes from trip to trip. The others: the same outside a loop, in a
// loop with a test that does not change, with a longer then branch, and with
// the load in the else branch.
// 256-thread blocks; guards on threadIdx.x < 32 leave one warp of eight
// with the then branch.
// Part of cuda-coalesce runtime-bench: one global access of each kind per
// source line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define ROWS 8192
#define COLS 256
#define N (1 << 20)

__global__ void init_f32(float *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0f + (float)(i % 97) * 0.01f;
}

// One row per thread, scaled up to the thread's own column bound and
// cleared after it (llm.c's causal softmax normalisation).
__global__ void scale_or_clear_rows(float *a, float s) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float *r = a + (long)row * COLS;
  int bound = row % COLS;
  for (int c = 0; c < COLS; c++) {
    if (c <= bound)
      r[c] *= s;
    else
      r[c] = 0.0f;
  }
}

// The same outside a loop: one warp of eight scales.
__global__ void scale_or_clear(float *a, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 32)
    a[i] *= s;
  else
    a[i] = 0.0f;
}

// In a loop whose test is the same on every trip.
__global__ void scale_or_clear_fixed_test(float *a, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; k++) {
    if (threadIdx.x < 32)
      a[(long)k * N + i] *= s;
    else
      a[(long)k * N + i] = 0.0f;
  }
}

// A longer then branch: two loads and four operations before the store.
__global__ void blend_or_clear(float *a, const float *b, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 32)
    a[i] = (a[i] * s + b[i]) * s - 1.0f;
  else
    a[i] = 0.0f;
}

// The load in the else branch.
__global__ void clear_or_scale(float *a, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x >= 32)
    a[i] = 0.0f;
  else
    a[i] *= s;
}

int main() {
  float *a, *b;
  const long n = 4L * N;
  CHECK(cudaMalloc(&a, n * sizeof(float)));
  CHECK(cudaMalloc(&b, N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, n);
  init_f32<<<1024, 256>>>(b, N);
  CHECK(cudaGetLastError());
  BENCH(0, scale_or_clear_rows<<<ROWS / 256, 256>>>(a, 0.5f));
  CHECK(cudaGetLastError());
  BENCH(0, scale_or_clear<<<N / 256, 256>>>(a, 0.5f));
  CHECK(cudaGetLastError());
  BENCH(0, scale_or_clear_fixed_test<<<N / 256, 256>>>(a, 0.5f));
  CHECK(cudaGetLastError());
  BENCH(0, blend_or_clear<<<N / 256, 256>>>(a, b, 0.5f));
  CHECK(cudaGetLastError());
  BENCH(0, clear_or_scale<<<N / 256, 256>>>(a, 0.5f));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  printf("41_merged_branches ok\n");
  return 0;
}
