// CUB's block collectives, inlined into the user's kernel, load and store
// its global tile and its __shared__ TempStorage. nvcc files their
// instructions under the user's call, and the user chose the algorithm: the
// walk enters CUB (and the cuda::ptx wrapper of %laneid it reads the lane
// with), and each access is reported at the call, with a note naming where
// in CUB it is written. Before, nothing inside CUB was reported (HeCBench
// blockScan, H200 2026-12-06: 140 measured lines with no prediction; now 126
// exact or in range).
// REQUIRES: cuda-toolkit
// RUN: %cc --show-all %s | %filecheck %s
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>

__global__ void loadTransposed(const int *in, int *out) {
  using Load = cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE>;
  __shared__ Load::TempStorage tmp;
  int items[4];
  Load(tmp).Load(in + blockIdx.x * 512, items);
  // Striped from global memory: trip i reads ints 128 i + t, whole lines.
  // CHECK: cub-collectives-at-call-site.cu:[[@LINE-2]]:3: remark: coalesced global load from 'in': 4 sectors/request (ideal 4) [cuda-coalesce] (in kernel 'loadTransposed')
  // CHECK: note: in library code the call inlines: 'cub::LoadDirectStriped<{{.*}}>' at {{.*}}block_load.cuh:{{[0-9]+}}
  // Into shared memory as read: thread t's trip i at word 128 i + t.
  // CHECK: cub-collectives-at-call-site.cu:[[@LINE-5]]:3: remark: conflict-free shared store to 'tmp': 1 wavefronts/request (ideal 1) [cuda-coalesce] (in kernel 'loadTransposed')
  // Out as blocked: thread t's four ints at words 4t..4t+3, one 16-byte
  // load (LDS.128) a quarter warp at a time: four wavefronts, each full.
  // CHECK: cub-collectives-at-call-site.cu:[[@LINE-8]]:3: remark: conflict-free shared load from 'tmp': 4 wavefronts/request (ideal 4) [cuda-coalesce] (in kernel 'loadTransposed')
  // CHECK: note: in library code the call inlines: 'cub::BlockExchange<int, 128, 4>::StripedToBlocked<int>' at {{.*}}block_exchange.cuh:{{[0-9]+}}
  out[blockIdx.x * 128 + threadIdx.x] = items[0] + items[3];
}

__global__ void blockSum(const int *in, int *out) {
  using Reduce = cub::BlockReduce<int, 128>;
  __shared__ Reduce::TempStorage tmp;
  int total = Reduce(tmp).Sum(in[blockIdx.x * 128 + threadIdx.x]);
  // Lane 0 of each warp (%laneid == 0) stores its warp's sum: one lane, one
  // wavefront; thread 0 then reads the other three warps' sums.
  // CHECK: cub-collectives-at-call-site.cu:[[@LINE-3]]:15: remark: broadcast shared store to 'tmp': 1 wavefronts/request
  // CHECK: note: in library code the call inlines: 'cub::detail::uninitialized_copy_single<{{.*}}>'
  // CHECK: cub-collectives-at-call-site.cu:[[@LINE-5]]:15: remark: broadcast shared load from 'tmp': 1 wavefronts/request
  // CHECK: note: in library code the call inlines: 'cub::detail::BlockReduceWarpReductions<int, 128, 1, 1>::ApplyWarpAggregates<{{.*}}>'
  if (threadIdx.x == 0)
    out[blockIdx.x] = total;
}
void launch(const int *in, int *out) {
  loadTransposed<<<8, 128>>>(in, out);
  blockSum<<<8, 128>>>(in, out);
}
