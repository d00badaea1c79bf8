// Theme: what the compiler can prove of an address decides the instructions:
// an element read through an unsigned index and again through an int one
// (sign- and zero-extended offsets GVN cannot prove equal: two loads), and
// uniform loads of a shared array of doubles placed after a double3 (8
// modulo 16: ptxas pairs each odd element with the next one, LDS.128).
// Part of cuda-coalesce runtime-bench: one access of each kind per source
// line; see ../README.md.

#include <cstdio>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define N (1 << 20)

__global__ void init_f64(double *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0 + (double)(i % 97) * 0.01;
}

__device__ double at(const double *p, int x) { return p[x]; }

__global__ void unsigned_then_int(const double *a, double *o) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  double own = a[i];
  o[i] = own + at(a, i);
}

__global__ void int_both_times(const double *a, double *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double own = a[i];
  o[i] = own + at(a, i);
}

__global__ void after_double3(const double *in, double *out) {
  __shared__ double3 sums;
  __shared__ double s[6];
  if (threadIdx.x == 0)
    sums = make_double3(0.0, 0.0, 0.0);
  if (threadIdx.x < 6)
    s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  double a = s[0];
  double b = s[1];
  double c = s[2];
  double d = s[3];
  double e = s[4];
  double f = s[5];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&sums.x, a * in[i] + b * c + d * e + f);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = sums.x;
}

__global__ void placed_first(const double *in, double *out) {
  __shared__ double s[6];
  if (threadIdx.x < 6)
    s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  double a = s[0];
  double b = s[1];
  double c = s[2];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a * in[i] + b * c;
}

int main() {
  double *a, *c;
  CHECK(cudaMalloc(&a, N * sizeof(double)));
  CHECK(cudaMalloc(&c, N * sizeof(double)));
  init_f64<<<1024, 256>>>(a, N);
  CHECK(cudaGetLastError());
  BENCH(0, unsigned_then_int<<<N / 256, 256>>>(a, c));
  BENCH(0, int_both_times<<<N / 256, 256>>>(a, c));
  BENCH(0, after_double3<<<N / 256, 256>>>(a, c));
  BENCH(0, placed_first<<<N / 256, 256>>>(a, c));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(c));
  printf("52_addresses_ptxas_knows ok\n");
  return 0;
}
