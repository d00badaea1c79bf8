// Theme: atomics on shared memory, every operation and type the toolkit
// offers there. HeCBench atomicPerf (issue 43) measured shared float and
// double atomicAdd as a load (LDS) and a compare-and-swap loop
// (ATOMS.CAST.SPIN: 2 wavefronts per request for 32 bits, 3.2 to 4 for 64)
// where the analyzer priced one atomic; int adds of 1 were one ATOMS.POPC.INC.
// Three lane shapes per operation (a word each, every lane one word, two lanes
// a bank), one atomic per source line, so that the GPU maps which operations
// are native and what each loop costs.
// Part of cuda-coalesce runtime-bench: one access of each kind per source
// line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define TB 256
#define G 512

typedef unsigned long long u64;

// The shared array is written back so that nvcc keeps every atomic; the
// write-back is on lines of its own.
template <typename T> __device__ void keep(T *out, const T *s) {
  __syncthreads();
  out[blockIdx.x * TB + threadIdx.x] = s[threadIdx.x];
}

template <typename T> __device__ T zero() { return T(0); }
template <> __device__ __half zero<__half>() { return __float2half(0.0f); }
template <> __device__ __half2 zero<__half2>() {
  return __floats2half2_rn(0.0f, 0.0f);
}
template <> __device__ __nv_bfloat16 zero<__nv_bfloat16>() {
  return __float2bfloat16(0.0f);
}

// float, double, __half, __half2, __nv_bfloat16.
template <typename T> __global__ void add(T *out, const T *in) {
  __shared__ T s[2 * TB];
  int t = threadIdx.x;
  s[t] = zero<T>();
  s[TB + t] = zero<T>();
  __syncthreads();
  T v = in[blockIdx.x * TB + t];
  atomicAdd(&s[t], v);                 // a word each
  atomicAdd(&s[0], v);                 // every lane one word
  atomicAdd(&s[2 * t], v);             // two lanes a bank
  keep(out, s);
}

__global__ void ops_u32(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[2 * TB];
  int t = threadIdx.x;
  s[t] = 0u;
  s[TB + t] = 0u;
  __syncthreads();
  unsigned v = in[blockIdx.x * TB + t];
  atomicAdd(&s[t], v);
  atomicAdd(&s[0], v);
  atomicSub(&s[2 * t], v);
  atomicExch(&s[t], v);
  atomicMin(&s[0], v);
  atomicMax(&s[2 * t], v);
  atomicInc(&s[t], 1000u);
  atomicDec(&s[0], 1000u);
  atomicAnd(&s[2 * t], v);
  atomicOr(&s[t], v);
  atomicXor(&s[0], v);
  atomicCAS(&s[2 * t], v, v + 1u);
  keep(out, s);
}

__global__ void ops_u64(u64 *out, const u64 *in) {
  __shared__ u64 s[2 * TB];
  int t = threadIdx.x;
  s[t] = 0ull;
  s[TB + t] = 0ull;
  __syncthreads();
  u64 v = in[blockIdx.x * TB + t];
  atomicAdd(&s[t], v);
  atomicAdd(&s[0], v);
  atomicAdd(&s[2 * t], v);
  atomicExch(&s[t], v);
  atomicMin(&s[0], v);
  atomicMax(&s[2 * t], v);
  atomicAnd(&s[t], v);
  atomicOr(&s[0], v);
  atomicXor(&s[2 * t], v);
  atomicCAS(&s[t], v, v + 1ull);
  keep(out, s);
}

__global__ void ops_f32(float *out, const float *in) {
  __shared__ float s[2 * TB];
  int t = threadIdx.x;
  s[t] = 0.0f;
  s[TB + t] = 0.0f;
  __syncthreads();
  float v = in[blockIdx.x * TB + t];
  atomicExch(&s[t], v);
  atomicExch(&s[0], v);
  atomicExch(&s[2 * t], v);
  keep(out, s);
}

__global__ void init_bytes(unsigned *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = (unsigned)((i * 2654435761u) % 97) * 0x01010101u + 0x3c003c00u;
}

int main() {
  const size_t Bytes = (size_t)G * TB * 8;
  char *in, *out;
  CHECK(cudaMalloc(&in, Bytes));
  CHECK(cudaMalloc(&out, Bytes));
  init_bytes<<<1024, 256>>>((unsigned *)in, Bytes / 4);
  CHECK(cudaGetLastError());
  BENCH(0, add<float><<<G, TB>>>((float *)out, (const float *)in));
  BENCH(0, add<double><<<G, TB>>>((double *)out, (const double *)in));
  BENCH(0, add<__half><<<G, TB>>>((__half *)out, (const __half *)in));
  BENCH(0, add<__half2><<<G, TB>>>((__half2 *)out, (const __half2 *)in));
  BENCH(0, add<__nv_bfloat16><<<G, TB>>>((__nv_bfloat16 *)out,
                                          (const __nv_bfloat16 *)in));
  BENCH(0, ops_u32<<<G, TB>>>((unsigned *)out, (const unsigned *)in));
  BENCH(0, ops_u64<<<G, TB>>>((u64 *)out, (const u64 *)in));
  BENCH(0, ops_f32<<<G, TB>>>((float *)out, (const float *)in));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  printf("47_shared_atomics ok\n");
  return 0;
}
