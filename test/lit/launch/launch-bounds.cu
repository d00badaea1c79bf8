// Without a launch site, __launch_bounds__ gives the block size.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void __launch_bounds__(512) k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t];
  // CHECK: block (512,1,1) from __launch_bounds__
}
