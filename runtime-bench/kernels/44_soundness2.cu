// Theme: the causes issue 43's second HeCBench batch found, one kernel each,
// so that the GPU decides each: slots handed out by an atomic on one address
// (global and shared), a loop bounded by an outer loop's trip (HeCBench
// lud), an if/else of short stores split by warps (Chai's BFS), a
// do-while loop's condition on a shared flag (HeCBench hungarian), a search
// loop that breaks where the data says (HeCBench knn) and a float4 copied
// through a local (HeCBench fma).
// Part of cuda-coalesce runtime-bench: one access of each kind per source
// line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define N (1 << 20)
#define BS 16

__global__ void init_f32(float *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = 1.0f + (float)((i * 2654435761u) % 97) * 0.01f;
}

// Each lane takes a slot from one counter: the slots of a warp are
// consecutive, from a base of the data's alignment.
__global__ void atomic_slots(int *tail, float *queue, const float *in) {
  __shared__ int stail;
  __shared__ float slots[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    stail = 0;
  __syncthreads();
  int slot = atomicAdd(tail, 1);
  queue[slot] = in[i];
  int s = atomicAdd(&stail, 1);
  slots[s] = in[i];
  __syncthreads();
  queue[N + i] = slots[threadIdx.x];
}

// HeCBench lud_diagonal's triangle: lane tx > i runs i trips of j.
__global__ void lower_triangle(float *m) {
  __shared__ float shadow[BS * BS];
  int tx = threadIdx.x;
  for (int i = 0; i < BS; i++)
    shadow[i * BS + tx] = m[i * BS + tx];
  __syncthreads();
  for (int i = 0; i < BS - 1; i++) {
    if (tx > i) {
      for (int j = 0; j < i; j++)
        shadow[tx * BS + i] -= shadow[tx * BS + j] * shadow[j * BS + i];
    }
    __syncthreads();
  }
  for (int i = 0; i < BS; i++)
    m[i * BS + tx] = shadow[i * BS + tx];
}

// Short stores on both sides of a test that warp 0 fails in every lane.
__global__ void split_by_warp(int *flags, float *q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x >= 32)
    flags[blockIdx.x] = 1;
  else
    q[i] = 0.0f;
  q[N + i] = 1.0f;
}

// A do-while loop on a shared flag.
__global__ void relax(float *a) {
  __shared__ bool repeat;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  do {
    __syncthreads();
    if (threadIdx.x == 0)
      repeat = false;
    __syncthreads();
    if (a[i] > 1.5f) {
      a[i] -= 0.25f;
      repeat = true;
    }
    __syncthreads();
  } while (repeat);
}

// A search that breaks where the data says: each lane stores at its row.
__global__ void insert_at_found(float *dist, int width, int k) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  float *p = dist + x;
  float cur = p[k * width];
  int at = k - 1;
  for (int a = 0; a < k - 1; a++) {
    if (p[a * width] > cur) {
      at = a;
      break;
    }
  }
  p[at * width] = cur;
}

// A float4 copied through a local: nvcc files the load under the store.
__global__ void copy4(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = in[i];
  out[i] = v;
}

int main(int argc, char **argv) {
  const int k = argc > 1 ? atoi(argv[1]) : 8;
  float *a, *b;
  int *tail;
  CHECK(cudaMalloc(&a, 8L * N * sizeof(float)));
  CHECK(cudaMalloc(&b, 8L * N * sizeof(float)));
  CHECK(cudaMalloc(&tail, 64 * sizeof(int)));
  CHECK(cudaMemset(tail, 0, 64 * sizeof(int)));
  init_f32<<<1024, 256>>>(a, 8L * N);
  init_f32<<<1024, 256>>>(b, 8L * N);
  CHECK(cudaGetLastError());
  BENCH(0, atomic_slots<<<N / 256, 256>>>(tail, b, a));
  BENCH(0, lower_triangle<<<1, BS>>>(a));
  BENCH(0, split_by_warp<<<N / 256, 256>>>((int *)b, a));
  init_f32<<<1024, 256>>>(a, 8L * N);
  BENCH(0, relax<<<N / 256, 256>>>(a));
  BENCH(0, insert_at_found<<<16384 / 256, 256>>>(b, 16384, k));
  BENCH(0, copy4<<<N / 4 / 256, 256>>>((const float4 *)a, (float4 *)b));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(tail));
  printf("44_soundness2 ok\n");
  return 0;
}
