// A warp's broadcast, reduction or vote is one value for the warp: an index
// built from it walks the lanes contiguously from wherever the data says, at
// the data's alignment: a range, and no finding.
// A shuffle between lanes is a per-lane value the analysis does not follow.
// REQUIRES: cuda-toolkit
// RUN: not %cc --show-all %s | %filecheck %s
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void collectives(const float *v, const int *idx, float *out) {
  cg::thread_block_tile<32> warp =
      cg::tiled_partition<32>(cg::this_thread_block());
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int k = idx[t];
  int first = __shfl_sync(0xffffffff, k, 0);
  out[4 * t] = v[first + threadIdx.x % 32];
  // CHECK: warp-collectives.cu:[[@LINE-1]]:16: remark: coalesced global load from 'v': 4 to 5 sectors/request (ideal 4; the addresses are data)
  // CHECK: warp-collectives.cu:[[@LINE-2]]:3: warning: strided global store to 'out'
  int most = cg::reduce(warp, k, cg::greater<int>());
  out[4 * t + 1] = v[most + warp.thread_rank()];
  // CHECK: warp-collectives.cu:[[@LINE-1]]:20: remark: coalesced global load from 'v': 4 to 5 sectors/request (ideal 4; the addresses are data)
  // CHECK: warp-collectives.cu:[[@LINE-2]]:3: warning: strided global store to 'out'
  int next = __shfl_down_sync(0xffffffff, t, 1);
  out[4 * t + 2] = v[next];
  // CHECK: warp-collectives.cu:[[@LINE-1]]:3: warning: strided global store to 'out'
}
void launch(const float *v, const int *i, float *o) {
  collectives<<<64, 256>>>(v, i, o);
}
