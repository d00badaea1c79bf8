// Theme: the fix kinds added for accesses that had none, plus vector stores, as slow -> fixed pairs.
// pack-active-lanes (a guard idles every second lane -> the used elements packed), thread-mapping for
// an index not linear in threadIdx.x (lane -> row by t % 32 -> consecutive threads on consecutive
// elements), vector-load for stores (four scalar stores at a 16-byte stride -> one float4 store).
// N = 1<<24 threads, 256-thread 1-D blocks, arrays of 64-256 MiB (larger than the 50 MB L2).
// Part of cuda-coalesce runtime-bench: one global access per source line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include "bench.h"

// Fills a buffer with non-zero data. Not measured (ncu skips init_*).
__global__ void init_f32(float* p, long n, float base) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = base + (float)(i % 97) * 0.01f;
}

// Packs the even elements of a. Not measured (ncu skips init_*).
__global__ void init_pack_even(float* packed, const float* a, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n / 2; i += stride)
    packed[i] = a[2 * i];
}

// 1. pack-active-lanes. Slow: only even lanes work, on every second element.
__global__ void even_lanes_copy(float* out, const float* a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2 == 0) {
    float v = a[i];
    out[i] = 2.0f * v;
  }
}

// Fixed: the elements the even lanes use, packed (index i / 2).
__global__ void even_lanes_packed(float* out_packed, const float* packed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2 == 0) {
    float v = packed[i / 2];
    out_packed[i / 2] = 2.0f * v;
  }
}

// 2. thread-mapping, index not linear in threadIdx.x. Slow: lane t % 32 takes row t % 32 of a
// 32-row slab (rows of W floats), column t / 32: a warp reads one column, 32 rows apart.
__global__ void slab_columns(float* out, const float* a, int W) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int slab = t / (32 * W);
  int k = t % (32 * W);
  float v = a[(long)slab * 32 * W + (long)(k % 32) * W + k / 32];
  out[t] = v + 1.0f;
}

// Fixed: the same elements, consecutive threads on consecutive elements (the order of the work is
// free here: the output is a permutation of slab_columns' output).
__global__ void slab_rows(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t];
  out[t] = v + 1.0f;
}

// 3. vector-load, stores. Slow: four scalar stores at a 16-byte stride (lane t writes o[4t..4t+3]).
__global__ void four_stores(float* o, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t];
#pragma unroll
  for (int j = 0; j < 4; ++j)
    o[t * 4 + j] = v + j;
}

// Fixed: one 16-byte store per lane.
__global__ void four_stores_float4(float* o, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t];
  reinterpret_cast<float4*>(o)[t] = make_float4(v, v + 1, v + 2, v + 3);
}

int main() {
  const int N = 1 << 24;  // threads; multiple of 256
  const int W = 4096;     // row width of slab_columns; N is a multiple of 32 * W
  int fails = 0;
  float *a, *packed, *out, *out_packed;
  BENCH_CHECK(cudaMalloc(&a, (long)N * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&packed, (long)N / 2 * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&out, 4L * N * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&out_packed, (long)N / 2 * sizeof(float)));
  init_f32<<<4096, 256>>>(a, N, 1.0f);
  init_pack_even<<<4096, 256>>>(packed, a, N);
  BENCH_CHECK(cudaGetLastError());

  // 1. pack-active-lanes: even elements of a (N floats) vs the packed N/2.
  BENCH(4.0 * N, even_lanes_copy<<<N / 256, 256>>>(out, a));
  BENCH_CHECK(cudaGetLastError());
  std::vector<float> full = bench_fetch(out, N);
  BENCH(4.0 * N, even_lanes_packed<<<N / 256, 256>>>(out_packed, packed));
  BENCH_CHECK(cudaGetLastError());
  std::vector<float> half = bench_fetch(out_packed, N / 2);
  for (int k = 0; k < N / 2; ++k)
    if (half[k] != full[2 * k]) {
      printf("CHECK FAIL even_lanes_packed[%d]\n", k);
      fails++;
      break;
    }

  // 2. thread-mapping: the same N elements, each read once, in two orders.
  BENCH(8.0 * N, slab_columns<<<N / 256, 256>>>(out, a, W));
  BENCH_CHECK(cudaGetLastError());
  BENCH(8.0 * N, slab_rows<<<N / 256, 256>>>(out, a));
  BENCH_CHECK(cudaGetLastError());

  // 3. vector-load for stores: 4N floats written.
  BENCH(20.0 * N, four_stores<<<N / 256, 256>>>(out, a));
  BENCH_CHECK(cudaGetLastError());
  std::vector<float> ref = bench_fetch(out, 4 * N);
  BENCH(20.0 * N, four_stores_float4<<<N / 256, 256>>>(out, a));
  BENCH_CHECK(cudaGetLastError());
  fails += bench_compare("four_stores_float4==four_stores", ref.data(), out, 4 * N);

  BENCH_CHECK(cudaDeviceSynchronize());
  BENCH_CHECK(cudaFree(a));
  BENCH_CHECK(cudaFree(packed));
  BENCH_CHECK(cudaFree(out));
  BENCH_CHECK(cudaFree(out_packed));
  printf("34_fix_kinds2 %s\n", fails ? "CHECK FAIL" : "ok");
  return 0;
}
