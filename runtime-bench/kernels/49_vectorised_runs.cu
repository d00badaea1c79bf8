// Theme: adjacent accesses that LLVM's load-store vectoriser in nvcc merges
// before ptxas sees them (issue 43, the wide shared accesses): the trips of
// a loop unrolled at run time (its count a kernel argument) whose leftover
// trips run after the copies, and members of one aligned struct read in
// straight-line code, with the bytes between and after them read too
// (nvcc 13's PTX marks them `.pragma "used_bytes_mask"`). Beside them the
// shapes it leaves alone: leftover trips first (a loop that starts at an
// argument), a static array whose declared alignment is 4, members 4 bytes
// past alignment.
// Part of cuda-coalesce runtime-bench: one access of each kind per source
// line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define N (1 << 20)

struct alignas(16) Counter {
  int k, len, prev;
  unsigned bits;
};

struct alignas(16) Row {
  int a[4];
};

__global__ void init_f32(float *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0f + (float)((i * 2654435761u) % 97) * 0.01f;
}

// Trips of four fused (LDS.128), the leftover ones read one at a time.
__global__ void runtime_trips(const float *in, float *out, int n) {
  extern __shared__ float w[];
  int tid = threadIdx.x;
  for (int k = tid; k < n; k += 256)
    w[k] = in[k];
  __syncthreads();
  float acc = 0.0f;
  for (int j = 0; j < n; j++)
    acc += w[j] * in[blockIdx.x * 256 + tid + j];
  out[blockIdx.x * 256 + tid] = acc;
}

// The leftover trips first: no copy starts aligned, four LDS.
__global__ void leftover_first(const float *in, float *out, int lo, int n) {
  extern __shared__ float w[];
  int tid = threadIdx.x;
  for (int k = tid; k < n; k += 256)
    w[k] = in[k];
  __syncthreads();
  float acc = 0.0f;
  for (int j = lo; j < n; j++)
    acc += w[j] * in[blockIdx.x * 256 + tid + j];
  out[blockIdx.x * 256 + tid] = acc;
}

// Stores of four trips: STS.128 from every lane to one place.
__global__ void runtime_stores(const float *in, float *out, int n) {
  extern __shared__ float w[];
  int tid = threadIdx.x;
  for (int j = 0; j < n; j++)
    w[j] = in[blockIdx.x * 256 + tid + j];
  __syncthreads();
  out[blockIdx.x * 256 + tid] = w[tid % n];
}

// A static array declared 4-byte aligned: LLVM does not fuse its trips.
__global__ void runtime_static(const float *in, float *out, int n) {
  __shared__ float s[1024];
  int tid = threadIdx.x;
  for (int k = tid; k < 1024; k += 256)
    s[k] = in[k];
  __syncthreads();
  float acc = 0.0f;
  for (int j = 0; j < n; j++)
    acc += s[j] * in[blockIdx.x * 256 + tid + j];
  out[blockIdx.x * 256 + tid] = acc;
}

// Three members of a 16-byte aligned struct: one LDS.128.
__global__ void three_members(const float *in, float *out) {
  __shared__ Counter c;
  int tid = threadIdx.x;
  if (tid == 0) {
    c.k = int(in[0]);
    c.len = int(in[1]);
    c.prev = int(in[2]);
    c.bits = unsigned(in[3]);
  }
  __syncthreads();
  int len = c.len, k = c.k, prev = c.prev;
  out[blockIdx.x * 256 + tid] = float(len * k + prev);
}

// The first and last members: one LDS.128 across the gap.
__global__ void members_apart(const float *in, float *out) {
  __shared__ Counter c;
  int tid = threadIdx.x;
  if (tid == 0) {
    c.k = int(in[0]);
    c.len = int(in[1]);
    c.prev = int(in[2]);
    c.bits = unsigned(in[3]);
  }
  __syncthreads();
  out[blockIdx.x * 256 + tid] = float(c.k * int(c.bits));
}

// Two members 4 bytes past alignment: two LDS.
__global__ void members_off(const float *in, float *out) {
  __shared__ Counter c;
  int tid = threadIdx.x;
  if (tid == 0) {
    c.k = int(in[0]);
    c.len = int(in[1]);
    c.prev = int(in[2]);
    c.bits = unsigned(in[3]);
  }
  __syncthreads();
  out[blockIdx.x * 256 + tid] = float(c.len * c.prev);
}

// Elements of an array member at constant indices, each lane its own row:
// one LDS.128 a lane.
__global__ void row_members(const float *in, float *out) {
  __shared__ Row r[256];
  int tid = threadIdx.x;
  for (int i = 0; i < 4; i++)
    r[tid].a[i] = int(in[blockIdx.x * 1024 + i * 256 + tid]);
  __syncthreads();
  Row &m = r[(tid * 5) % 256];
  out[blockIdx.x * 256 + tid] = float(m.a[0] + m.a[2]);
}

// x, y and z of a float4 in global memory: one LDG.E.128.
__global__ void three_of_four(const float4 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].x + in[i].y + in[i].z;
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 250;
  const int lo = argc > 2 ? atoi(argv[2]) : 1;
  float *a, *b;
  CHECK(cudaMalloc(&a, 8L * N * sizeof(float)));
  CHECK(cudaMalloc(&b, 8L * N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, 8L * N);
  CHECK(cudaGetLastError());
  const int blocks = 1024;
  BENCH(0, runtime_trips<<<blocks, 256, n * sizeof(float)>>>(a, b, n));
  BENCH(0, leftover_first<<<blocks, 256, n * sizeof(float)>>>(a, b, lo, n));
  BENCH(0, runtime_stores<<<blocks, 256, n * sizeof(float)>>>(a, b, n));
  BENCH(0, runtime_static<<<blocks, 256>>>(a, b, n));
  BENCH(0, three_members<<<blocks, 256>>>(a, b));
  BENCH(0, members_apart<<<blocks, 256>>>(a, b));
  BENCH(0, members_off<<<blocks, 256>>>(a, b));
  BENCH(0, row_members<<<blocks, 256>>>(a, b));
  BENCH(0, three_of_four<<<blocks * 4, 256>>>((const float4 *)a, b));
  CHECK(cudaDeviceSynchronize());
  float h = 0.0f;
  CHECK(cudaMemcpy(&h, b, sizeof(float), cudaMemcpyDeviceToHost));
  printf("49_vectorised_runs ok %f\n", h);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  return 0;
}
