// cooperative_groups queries are index arithmetic: a block's thread_rank()
// is the linear thread index, a tile of 32 is a warp (thread_rank() the lane,
// meta_group_rank() the warp), a grid's thread_rank() the global index.
// REQUIRES: cuda-toolkit
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// One warp per row of n floats: lanes walk the row.
__global__ void warp_per_row(const float *in, float *out, int n) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  int row = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  for (int i = warp.thread_rank(); i < n; i += warp.size())
    out[row * n + i] = in[row * n + i];
  // CHECK: cooperative-groups.cu:[[@LINE-1]]:24: remark: coalesced global load from 'in': 4 sectors/request
}

// One thread per row: lanes are a row (4 KiB) apart.
__global__ void thread_per_row(const float *in, float *out, int n) {
  cg::grid_group grid = cg::this_grid();
  int row = grid.thread_rank();
  out[row] = in[row * n];
  // CHECK: cooperative-groups.cu:[[@LINE-1]]:14: warning: strided global load from 'in': 32 sectors/request where 4 would do
}

// A 2-D block flattened by thread_rank(): 64 consecutive floats per row of
// threads, a warp covers half a row.
__global__ void flat(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned i = blockIdx.x * block.size() + block.thread_rank();
  out[i] = 2 * in[i];
  // CHECK: cooperative-groups.cu:[[@LINE-1]]:16: remark: coalesced global load from 'in': 4 sectors/request
}

void launch(const float *in, float *out) {
  warp_per_row<<<64, 256>>>(in, out, 1024);
  thread_per_row<<<64, 256>>>(in, out, 1024);
  flat<<<64, dim3(64, 4)>>>(in, out);
}
