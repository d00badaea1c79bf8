// A short if/else of stores may be if-converted by ptxas: each branch's
// store is then issued in every warp that gets there, with no lane on in
// the blocks that take the other branch. Where the test reads a grid not
// known here (`blockIdx.x == gridDim.x - 1`), which blocks those are is not
// known either: the count is the range from none to every lane, not the
// count of the lanes that run. HeCBench metropolis on an H100 (ncu
// 2026-12-07, block (16,4,4)): the halo stores of both branches moved 0.5
// wavefronts a request (256 instructions, 128 wavefronts), where 1 was
// given for `blockIdx.x == gridDim.x - 1` and 0 to 1 for `blockIdx.x == 0`.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void right_halo(const int *s, int *out, int w) {
  __shared__ int ss[34 * 8];
  int x = blockIdx.x * 32 + threadIdx.x;
  int row = threadIdx.y * 34;
  ss[row + threadIdx.x + 1] = s[threadIdx.y * w + x];
  if (threadIdx.x == 31) {
    if (blockIdx.x == gridDim.x - 1)
      ss[row + 33] = s[threadIdx.y * w];
    // CHECK: predicated-guard-on-unknown-grid.cu:[[@LINE-1]]:7: remark: broadcast shared store to 'ss': 0 to 1 wavefronts/request
    else
      ss[row + 33] = s[threadIdx.y * w + x + 1];
    // CHECK: predicated-guard-on-unknown-grid.cu:[[@LINE-1]]:7: remark: broadcast shared store to 'ss': 0 to 1 wavefronts/request
  }
  __syncthreads();
  out[threadIdx.y * w + x] = ss[row + threadIdx.x] + ss[row + threadIdx.x + 2];
}

void launch(const int *s, int *o, int w) {
  right_halo<<<(w + 31) / 32, dim3(32, 8)>>>(s, o, w);
}
