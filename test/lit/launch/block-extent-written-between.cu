// A block extent and a kernel argument that only look alike: the variable
// is written between the shape and the launch, so the block's extent is not
// the argument's value and the block stays the assumed one.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void fill(float *x, int n) {
  x[blockIdx.x * n + threadIdx.x] = 0.0f;
  // CHECK: block-extent-written-between.cu:[[@LINE-1]]:3: remark:
  // CHECK-NOT: passes n to the kernel too
  // CHECK: note: assumed block (256,1,1): no launch site, --block-dim or __launch_bounds__ gives one (the launch at {{.*}}block-extent-written-between.cu:[[@LINE+6]]:3 has a block shape only known at run time)
}
void run(float *x, int rows, int cols) {
  int n = cols;
  dim3 block(n);
  n = n + 1;
  fill<<<rows, block>>>(x, n);
}
