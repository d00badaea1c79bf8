// A guarded body whose only control flow is a loop LLVM unrolls whole or a
// nested short `if` is straight-line code to ptxas, which may if-convert it
// as it does any short body: the count is the range between predicated and
// branched around. On an H200, HeCBench matern's `if (ty == 0)` loop of
// three copies ran in every warp (0.24 sectors and 0.04 wavefronts a
// request, "branched" predicted 1 to 6 and 1), and qtclustering's `if (0 ==
// tid) { if (c) ...; m[s] = 1; }` (0.5 sectors, 1 predicted), where nvcc
// branches around the same store in another of its kernels.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
__global__ void stage(const float *targets, float *out, int n) {
  __shared__ float tile[16 * 3];
  int tx = threadIdx.x, ty = threadIdx.y;
  int px = blockIdx.x * blockDim.x + tx;
  if (ty == 0) {
    for (int i = 0; i < 3; i++)
      tile[tx * 3 + i] = targets[px * 3 + i];
    // CHECK: if-lowering-unrolled-or-nested.cu:[[@LINE-1]]:26: warning: strided global load from 'targets': 0.1875 to 6 sectors/request
    // CHECK: if-lowering-unrolled-or-nested.cu:[[@LINE-2]]:7: remark: conflict-free shared store to 'tile': 0.03125 to 1 wavefronts/request
  }
  __syncthreads();
  out[(ty * gridDim.x + blockIdx.x) * 16 + tx] = tile[tx];
}

__global__ void seed(int *mask, int *cluster, int s, int *count) {
  if (0 == threadIdx.x) {
    if (cluster != nullptr)
      cluster[0] = s;
    mask[s] = 1;
    // CHECK: if-lowering-unrolled-or-nested.cu:[[@LINE-1]]:5: remark: uniform global store to 'mask': 0.5 to 1 sectors/request
  }
  __syncthreads();
  count[blockIdx.x * blockDim.x + threadIdx.x] = mask[threadIdx.x];
}

// A loop that stays a loop keeps the branch around it.
__global__ void copy_rows(const float *in, float *out, int n) {
  if (threadIdx.x == 0)
    for (int i = 0; i < n; i++)
      out[blockIdx.x * n + i] = in[blockIdx.x * n + i];
  // CHECK: if-lowering-unrolled-or-nested.cu:[[@LINE-1]]:33: remark: uniform global load from 'in': 1 sectors/request
}

void launch(const float *t, float *o, int *m, int *c) {
  stage<<<8, dim3(16, 64)>>>(t, o, 128);
  seed<<<1, 64>>>(m, c, 5, m + 64);
  copy_rows<<<4, 64>>>(t, o, 100);
}
