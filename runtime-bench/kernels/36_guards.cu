// Theme: guarded accesses that only a few warps of a block need: does nvcc
// branch around them (only the warps with an active lane issue the
// instruction) or predicate them (every warp that reaches the line issues
// it, the inactive ones moving nothing)? Each kernel is one shape of guard,
// as public code writes it: the condition (thread index alone, with a
// pointer test, with a loaded value), what is guarded (a load, a store, a
// cache-hinted store through inline asm, several statements), and where
// (code after it, the kernel's end, a loop).
// N = 1<<20 threads, 256-thread blocks: guards on threadIdx.x < 8 or == 0
// leave one warp of eight with active lanes.
// Part of cuda-coalesce runtime-bench: one global access of each kind per
// source line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define RADIUS 8

__global__ void init_f32(float *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0f + (float)(i % 97) * 0.01f;
}

// A halo load into shared memory, code after it (the 1-D stencil of the
// CUDA guides).
__global__ void halo_load(float *out, const float *in) {
  __shared__ float s[256 + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x + RADIUS;
  s[threadIdx.x + RADIUS] = in[g];
  if (threadIdx.x < RADIUS)
    s[threadIdx.x] = in[g - RADIUS];
  __syncthreads();
  out[g - RADIUS] = s[threadIdx.x] + s[threadIdx.x + RADIUS];
}

// One lane per block stores, at the end of the kernel.
__global__ void lane0_store_at_end(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i] * 2.0f;
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

// One lane per block stores, code after it.
__global__ void lane0_store_then_more(float *out, float *out2, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i] * 2.0f;
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
  out2[i] = v + 1.0f;
}

// llm.c's layernorm: a cache-hinted store under a test of the thread and of
// the pointer.
__global__ void lane0_stcs_pointer_test(float *out, float *mean, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i] * 2.0f;
  if (threadIdx.x == 0 && mean != nullptr)
    __stcs(mean + blockIdx.x, v);
  out[i] = v;
}

// The same cache-hinted store without the pointer test.
__global__ void lane0_stcs(float *out, float *mean, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i] * 2.0f;
  if (threadIdx.x == 0)
    __stcs(mean + blockIdx.x, v);
  out[i] = v;
}

// A plain store under a test of the thread and of the pointer.
__global__ void lane0_store_pointer_test(float *out, float *mean, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i] * 2.0f;
  if (threadIdx.x == 0 && mean != nullptr)
    mean[blockIdx.x] = v;
  out[i] = v;
}

// A guarded load whose value is used after the guard.
__global__ void guarded_load_used_after(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  if (threadIdx.x < 8)
    v = in[i];
  out[i] = v + 1.0f;
}

// Several statements under the guard.
__global__ void guard_several_statements(float *out, float *out2, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 8) {
    float a = in[i];
    float b = a * a + 1.0f;
    float c = b * a - 2.0f;
    out2[i] = c * b;
  }
  out[i] = 1.0f;
}

// A guarded store inside a loop.
__global__ void guard_in_loop(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k) {
    float v = in[i] + (float)k;
    if (threadIdx.x < 8)
      out[(long)k * (gridDim.x * blockDim.x) + i] = v;
  }
}

// A guard on a loaded value: lanes of every warp may pass it.
__global__ void data_guard_store(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v < 1.05f)
    out[i] = v;
}

// A guard that idles the lanes beyond the end of a short row.
__global__ void row_tail_guard(float *out, const float *in, int n) {
  int lane = threadIdx.x % 32;
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (lane < n)
    out[row * n + lane] = in[row * n + lane];
}

int main() {
  const int N = 1 << 20;
  float *in, *out, *out2, *mean;
  CHECK(cudaMalloc(&in, 2L * N * sizeof(float)));
  CHECK(cudaMalloc(&out, 4L * N * sizeof(float)));
  CHECK(cudaMalloc(&out2, N * sizeof(float)));
  CHECK(cudaMalloc(&mean, N / 256 * sizeof(float)));
  init_f32<<<1024, 256>>>(in, 2L * N);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(0, halo_load<<<grid, block>>>(out, in));
  BENCH(0, lane0_store_at_end<<<grid, block>>>(out, in));
  BENCH(0, lane0_store_then_more<<<grid, block>>>(out, out2, in));
  BENCH(0, lane0_stcs_pointer_test<<<grid, block>>>(out, mean, in));
  BENCH(0, lane0_stcs<<<grid, block>>>(out, mean, in));
  BENCH(0, lane0_store_pointer_test<<<grid, block>>>(out, mean, in));
  BENCH(0, guarded_load_used_after<<<grid, block>>>(out, in));
  BENCH(0, guard_several_statements<<<grid, block>>>(out, out2, in));
  BENCH(0, guard_in_loop<<<grid, block>>>(out, in));
  BENCH(0, data_guard_store<<<grid, block>>>(out, in));
  BENCH(0, row_tail_guard<<<grid, block>>>(out, in, 20));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(out2));
  CHECK(cudaFree(mean));
  printf("36_guards ok\n");
  return 0;
}
