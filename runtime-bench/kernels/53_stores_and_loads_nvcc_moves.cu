// Theme: where nvcc moves a load or store the source writes inside a block:
// a loop-invariant load hoisted out of a loop that stores through another
// pointer, where either pointer is __restrict__ (LLVM's LICM; kept in the
// loop where neither is, or where the same pointer is stored), and a store
// followed by `if (c)` storing the same element again (SimplifyCFG makes one
// store of a select in every lane, unless the branch must load). HeCBench
// particlefilter's kernel_likelihood has both.
// Part of cuda-coalesce runtime-bench: one access of each kind per source
// line; see ../README.md.

#include <cstdio>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define N (1 << 20)
#define T 16

__global__ void init_i32(int *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = (int)(i % 1013);
}

__global__ void hoist_both(const int *__restrict__ a, int *__restrict__ out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < T; y++)
    out[y * N + t] = a[t] + y;
}

__global__ void hoist_load_restrict(const int *__restrict__ a, int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < T; y++)
    out[y * N + t] = a[t] + y;
}

__global__ void hoist_store_restrict(const int *a, int *__restrict__ out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < T; y++)
    out[y * N + t] = a[t] + y;
}

__global__ void hoist_neither(const int *a, int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < T; y++)
    out[y * N + t] = a[t] + y;
}

__global__ void hoist_same_base(int *__restrict__ a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < T; y++)
    a[N + y * N + t] = a[t] + y;
}

__global__ void store_then_clamp(int *__restrict__ out,
                                 const int *__restrict__ in, int mx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 3;
  if (out[i] >= mx)
    out[i] = 0;
}

__global__ void store_kept_by_condition(int *out, const int *in, int mx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 3;
  if (in[i + 1] >= mx)
    out[i] = mx;
}

__global__ void branch_loads(int *out, const int *in, int mx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 3;
  if (i % 64 >= mx)
    out[i] = in[i + 2];
}

__global__ void store_between(int *out, int *flags, const int *in, int mx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 3;
  flags[i] = 1;
  if (i % 64 >= mx)
    out[i] = mx;
}

int main() {
  int *a, *out, *flags;
  CHECK(cudaMalloc(&a, (N + 64) * sizeof(int)));
  CHECK(cudaMalloc(&out, (T + 1) * (long)N * sizeof(int)));
  CHECK(cudaMalloc(&flags, N * sizeof(int)));
  init_i32<<<1024, 256>>>(a, N + 64);
  CHECK(cudaGetLastError());
  BENCH(0, hoist_both<<<N / 256, 256>>>(a, out));
  BENCH(0, hoist_load_restrict<<<N / 256, 256>>>(a, out));
  BENCH(0, hoist_store_restrict<<<N / 256, 256>>>(a, out));
  BENCH(0, hoist_neither<<<N / 256, 256>>>(a, out));
  BENCH(0, hoist_same_base<<<N / 256, 256>>>(out));
  BENCH(0, store_then_clamp<<<N / 256, 256>>>(out, a, 500));
  BENCH(0, store_kept_by_condition<<<N / 256, 256>>>(out, a, 500));
  BENCH(0, branch_loads<<<N / 256, 256>>>(out, a, 32));
  BENCH(0, store_between<<<N / 256, 256>>>(out, flags, a, 32));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  CHECK(cudaFree(flags));
  printf("53_stores_and_loads_nvcc_moves ok\n");
  return 0;
}
