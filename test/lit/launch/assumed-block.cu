// With nothing to go by, the block shape is an assumption, stated as one.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void one_d(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t];
  // CHECK: assumed block (256,1,1): no launch site, --block-dim or __launch_bounds__ gives one
}
__global__ void two_d(const float *a, float *o) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  o[y * 1024 + x] = a[y * 1024 + x];
  // CHECK: assumed block (32,8,1): no launch site, --block-dim or __launch_bounds__ gives one
}
