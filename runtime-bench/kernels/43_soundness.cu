// Theme: the idioms issue 43 found wrong on public code nobody here had
// measured, one kernel each, so that the GPU decides each cause: a pointer
// bumped in a tiled loop (floats and float4s), per-lane pseudo-random
// indices (a hash, an LCG seeded through a pointer, indices loaded into a
// local array), gathers from a small table and from a bounded row, a guard
// on the last plane of a runtime-sized loop, a lane stride passed as a
// parameter (1 and 2), a warp-uniform base from a shuffle, and, in shared
// memory, an if/else pair of stores, a reduction's last step, and a
// register tile's unrolled adjacent loads.
// Part of cuda-coalesce runtime-bench: one access of each kind per source
// line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define N (1 << 20)
#define BK 8

__global__ void init_f32(float *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0f + (float)(i % 97) * 0.01f;
}

__global__ void init_idx(int *p, long n, int range) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = (int)((i * 2654435761u) % (unsigned)range);
}

// (a) The tiled-matmul pointer bump: A advances BK floats per tile.
__global__ void bump_float(const float *A, float *C, int K) {
  const float *a = A + (long)blockIdx.x * 32 * K;
  float acc = 0.0f;
  for (int bk = 0; bk < K; bk += BK) {
    acc += a[threadIdx.x];
    a += BK;
  }
  C[blockIdx.x * 32 + threadIdx.x] = acc;
}

// (a) The same with float4 elements, 32 of them per step.
__global__ void bump_float4(const float4 *A, float4 *C, int steps) {
  const float4 *p = A + (long)blockIdx.x * 32;
  float4 acc = make_float4(0, 0, 0, 0);
  for (int s = 0; s < steps; s++) {
    float4 v = p[threadIdx.x];
    acc.x += v.x;
    acc.y += v.y;
    p += 32 * gridDim.x;
  }
  C[blockIdx.x * 32 + threadIdx.x] = acc;
}

// (b) A hash of the thread index picks the element.
__global__ void hashed_index(const float *t, float *o, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned h = i * 2654435761u;
  h ^= h >> 13;
  o[i] = t[h % n];
}

__device__ unsigned lcg_next(unsigned *state) {
  *state = *state * 1664525u + 1013904223u;
  return *state;
}

// (b) An LCG seeded per thread and advanced through a pointer.
__global__ void lcg_index(const float *t, float *o) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned state = i;
  float s = 0.0f;
  for (int k = 0; k < 4; k++)
    s += t[lcg_next(&state) % N];
  o[i] = s;
}

// (b) Indices loaded per lane into a local array, then used.
__global__ void local_list_gather(const int *nbr, const float *x, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n[4];
  for (int k = 0; k < 4; k++)
    n[k] = nbr[4 * i + k];
  float s = 0.0f;
  for (int k = 0; k < 4; k++)
    s += x[n[k]];
  o[i] = s;
}

// (c, n) A gather from a 16-entry table, and from a row of 64 floats.
__global__ void small_table(const int *idx, const float *table, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = table[idx[i] & 15];
}

__global__ void bounded_row(const int *idx, const float *rows, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = rows[blockIdx.x * 64 + (idx[i] & 63)];
}

// (d, e) A guard on the last plane of a loop whose trip count is a
// parameter.
__global__ void last_plane(const float *a, float *o, int nx, int nz) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < nz; k++) {
    if (k < nz - 1)
      s += a[(k + 1) * nx + i];
  }
  o[i] = s;
}

// (m) A stride between lanes that is a parameter (2 at run time).
__global__ void strided_pool(const float *in, float *out, int sw) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[x] = in[x * sw];
}

// (j) A warp-uniform base from a shuffle of loaded data.
__global__ void shuffled_base(const int *offsets, float *out) {
  int v = __shfl_sync(0xffffffffu, offsets[blockIdx.x * blockDim.x + threadIdx.x], 0);
  out[v + (threadIdx.x & 31)] = 1.0f;
}

// (o) An if/else pair of shared stores to s[tid], then a reduction whose
// last step only thread 0 takes.
__global__ void shared_pair_and_reduce(const float *in, float *out) {
  __shared__ float s[256];
  int tid = threadIdx.x;
  float v = in[blockIdx.x * 256 + tid];
  if (v > 1.5f)
    s[tid] = v;
  else
    s[tid] = 0.0f;
  __syncthreads();
  for (int k = 128; k > 1; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid < 1)
    out[blockIdx.x] = s[0] + s[1];
}

// (g) A register tile read from shared memory: eight adjacent words per
// thread, unrolled.
__global__ void register_tile(const float *in, float *out) {
  __shared__ float As[8 * 128];
  int tid = threadIdx.x;
  for (int k = tid; k < 8 * 128; k += 256)
    As[k] = in[blockIdx.x * 1024 + k];
  __syncthreads();
  float reg[8];
  float acc = 0.0f;
  for (int k = 0; k < 8; k++) {
#pragma unroll
    for (int i = 0; i < 8; i++)
      reg[i] = As[k * 128 + (tid / 16) * 8 + i];
#pragma unroll
    for (int i = 0; i < 8; i++)
      acc += reg[i] * (float)(i + 1);
  }
  out[blockIdx.x * 256 + tid] = acc;
}

int main(int argc, char **argv) {
  // Sizes the analyzer cannot follow, as a program reading its input would have them.
  const int nz = argc > 1 ? atoi(argv[1]) : 4;
  const int sw = argc > 2 ? atoi(argv[2]) : 2;
  float *a, *b, *c;
  int *idx;
  CHECK(cudaMalloc(&a, 8L * N * sizeof(float)));
  CHECK(cudaMalloc(&b, 8L * N * sizeof(float)));
  CHECK(cudaMalloc(&c, 8L * N * sizeof(float)));
  CHECK(cudaMalloc(&idx, 4L * N * sizeof(int)));
  init_f32<<<1024, 256>>>(a, 8L * N);
  init_f32<<<1024, 256>>>(b, 8L * N);
  init_idx<<<1024, 256>>>(idx, 4L * N, N);
  CHECK(cudaGetLastError());
  BENCH(0, bump_float<<<1024, 32>>>(a, c, 256));
  BENCH(0, bump_float4<<<256, 32>>>((const float4 *)a, (float4 *)c, 64));
  BENCH(0, hashed_index<<<N / 256, 256>>>(a, c, N));
  BENCH(0, lcg_index<<<N / 256, 256>>>(a, c));
  BENCH(0, local_list_gather<<<N / 256, 256>>>(idx, a, c));
  BENCH(0, small_table<<<N / 256, 256>>>(idx, a, c));
  BENCH(0, bounded_row<<<N / 256, 256>>>(idx, a, c));
  BENCH(0, last_plane<<<N / 256, 256>>>(a, c, N, nz));
  BENCH(0, strided_pool<<<N / 256, 256>>>(a, b, sw));
  init_idx<<<1024, 256>>>(idx, 4L * N, N - 64);
  BENCH(0, shuffled_base<<<N / 256, 256>>>(idx, c));
  BENCH(0, shared_pair_and_reduce<<<N / 256, 256>>>(a, c));
  BENCH(0, register_tile<<<N / 1024, 256>>>(a, c));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(c));
  CHECK(cudaFree(idx));
  printf("43_soundness ok\n");
  return 0;
}
