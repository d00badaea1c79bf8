// A loop whose only stores go to global memory (a kernel's pointer
// parameter, which NVPTX takes to be global) leaves shared memory alone:
// LLVM's LICM loads a shared value the trips do not move once before the
// loop, and nvcc files it under the loop's line (HeCBench moe's softmax:
// `float_max` and `normalizing_factor` measured as LDS under the `for`, one
// per block and warp). A barrier in the body keeps the load in the loop.
// RUN: %cc --show-all %s | FileCheck %s
__global__ void scale(float *out, const float *in, int n) {
  __shared__ float norm;
  if (threadIdx.x == 0)
    norm = in[0];
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = in[i] * norm;
  // CHECK: shared-load-hoisted-past-global-stores.cu:[[@LINE-1]]:22: remark: broadcast shared load from 'norm'
  // CHECK-NOT: remark:
  // CHECK: note: nvcc loads it once before the loop at line [[#@LINE-4]], whose trips do not change its address
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    out[i] = in[i] * norm;
    __syncthreads();
  }
  // CHECK: shared-load-hoisted-past-global-stores.cu:[[@LINE-3]]:22: remark: broadcast shared load from 'norm'
  // CHECK-NOT: nvcc loads it once
  // CHECK: global store to 'out'
}
void launch(float *o, const float *i, int n) { scale<<<64, 256>>>(o, i, n); }
