// Integer launch shapes followed through local constants.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t];
  // CHECK: block (128,1,1) from the launch at {{.*}}integer-launch-through-locals.cu:[[@LINE+6]]:3
}
void launch(const float *a, float *o) {
  int n = 1 << 20;
  int threads = 128;
  int blocks = (n + threads - 1) / threads;
  k<<<blocks, threads>>>(a, o);
}
