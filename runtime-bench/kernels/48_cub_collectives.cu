// Theme: CUB's block collectives inlined into a kernel. Their loads and
// stores of the kernel's global tile and __shared__ TempStorage are filed by
// nvcc under the kernel's call, one collective per source line here, so that
// the GPU measures what the analyzer predicts at that call (issue 43:
// HeCBench blockScan, adjacent, dp4a, bgmv and moe had 175 measured lines
// inside CUB that no access was predicted for). The algorithm is the user's
// choice, and each variant is its own kernel: loads and stores direct,
// striped, vectorized and transposed through shared memory; reductions and
// scans by raking and by warp; exchanges and an adjacent difference.
// Part of cuda-coalesce runtime-bench: one access of each kind per source
// line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <cub/block/block_adjacent_difference.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)
#define TB 128
#define ITEMS 4
#define G 1024

// One tile of TB * ITEMS items per block, loaded and stored back with the
// same algorithm.
template <typename T, cub::BlockLoadAlgorithm L, cub::BlockStoreAlgorithm S>
__global__ void load_store(const T *in, T *out) {
  using Load = cub::BlockLoad<T, TB, ITEMS, L>;
  using Store = cub::BlockStore<T, TB, ITEMS, S>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
  } tmp;
  T items[ITEMS];
  const long tile = (long)blockIdx.x * TB * ITEMS;
  Load(tmp.load).Load(in + tile, items);
  __syncthreads();
  for (int i = 0; i < ITEMS; ++i)
    items[i] = items[i] + T(1);
  Store(tmp.store).Store(out + tile, items);
}

template <typename T, cub::BlockReduceAlgorithm A>
__global__ void reduce(const T *in, T *out) {
  using Reduce = cub::BlockReduce<T, TB, A>;
  __shared__ typename Reduce::TempStorage tmp;
  T v = in[(long)blockIdx.x * TB + threadIdx.x];
  T total = Reduce(tmp).Sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = total;
}

template <typename T, cub::BlockScanAlgorithm A>
__global__ void scan(const T *in, T *out) {
  using Scan = cub::BlockScan<T, TB, A>;
  __shared__ typename Scan::TempStorage tmp;
  T items[ITEMS];
  const long tile = (long)blockIdx.x * TB * ITEMS;
  cub::LoadDirectStriped<TB>(threadIdx.x, in + tile, items);
  Scan(tmp).ExclusiveSum(items, items);
  cub::StoreDirectStriped<TB>(threadIdx.x, out + tile, items);
}

template <typename T> __global__ void exchange(const T *in, T *out) {
  using Exchange = cub::BlockExchange<T, TB, ITEMS>;
  __shared__ typename Exchange::TempStorage tmp;
  T items[ITEMS];
  const long tile = (long)blockIdx.x * TB * ITEMS;
  cub::LoadDirectStriped<TB>(threadIdx.x, in + tile, items);
  Exchange(tmp).StripedToBlocked(items, items);
  __syncthreads();
  Exchange(tmp).BlockedToStriped(items, items);
  cub::StoreDirectStriped<TB>(threadIdx.x, out + tile, items);
}

struct Minus {
  template <typename T> __device__ T operator()(T a, T b) const { return a - b; }
};

template <typename T> __global__ void adjacent(const T *in, T *out) {
  using Adjacent = cub::BlockAdjacentDifference<T, TB>;
  __shared__ typename Adjacent::TempStorage tmp;
  T items[ITEMS];
  const long tile = (long)blockIdx.x * TB * ITEMS;
  cub::LoadDirectBlocked(threadIdx.x, in + tile, items);
  Adjacent(tmp).SubtractLeft(items, items, Minus());
  cub::StoreDirectBlocked(threadIdx.x, out + tile, items);
}

__global__ void init(int *p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = (int)((i * 2654435761u) % 97);
}

int main() {
  const size_t Items = (size_t)G * TB * ITEMS;
  const size_t Bytes = Items * sizeof(double);
  char *in, *out;
  CHECK(cudaMalloc(&in, Bytes));
  CHECK(cudaMalloc(&out, Bytes));
  init<<<1024, 256>>>((int *)in, Bytes / 4);
  CHECK(cudaGetLastError());
  using namespace cub;
  const int *iin = (const int *)in;
  int *iout = (int *)out;
  const double *din = (const double *)in;
  double *dout = (double *)out;
  BENCH(0, load_store<int, BLOCK_LOAD_DIRECT, BLOCK_STORE_DIRECT><<<G, TB>>>(iin, iout));
  BENCH(0, load_store<int, BLOCK_LOAD_STRIPED, BLOCK_STORE_STRIPED><<<G, TB>>>(iin, iout));
  BENCH(0, load_store<int, BLOCK_LOAD_VECTORIZE, BLOCK_STORE_VECTORIZE><<<G, TB>>>(iin, iout));
  BENCH(0, load_store<int, BLOCK_LOAD_TRANSPOSE, BLOCK_STORE_TRANSPOSE><<<G, TB>>>(iin, iout));
  BENCH(0, load_store<int, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE><<<G, TB>>>(iin, iout));
  BENCH(0, load_store<double, BLOCK_LOAD_TRANSPOSE, BLOCK_STORE_TRANSPOSE><<<G, TB>>>(din, dout));
  BENCH(0, load_store<double, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE><<<G, TB>>>(din, dout));
  BENCH(0, reduce<int, BLOCK_REDUCE_WARP_REDUCTIONS><<<G, TB>>>(iin, iout));
  BENCH(0, reduce<int, BLOCK_REDUCE_RAKING><<<G, TB>>>(iin, iout));
  BENCH(0, reduce<int, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY><<<G, TB>>>(iin, iout));
  BENCH(0, reduce<double, BLOCK_REDUCE_RAKING><<<G, TB>>>(din, dout));
  BENCH(0, scan<int, BLOCK_SCAN_RAKING><<<G, TB>>>(iin, iout));
  BENCH(0, scan<int, BLOCK_SCAN_RAKING_MEMOIZE><<<G, TB>>>(iin, iout));
  BENCH(0, scan<int, BLOCK_SCAN_WARP_SCANS><<<G, TB>>>(iin, iout));
  BENCH(0, scan<double, BLOCK_SCAN_WARP_SCANS><<<G, TB>>>(din, dout));
  BENCH(0, exchange<int><<<G, TB>>>(iin, iout));
  BENCH(0, exchange<double><<<G, TB>>>(din, dout));
  BENCH(0, adjacent<int><<<G, TB>>>(iin, iout));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  printf("48_cub_collectives ok\n");
  return 0;
}
