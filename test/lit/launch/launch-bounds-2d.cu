// __launch_bounds__(N) gives the number of threads; a kernel that indexes
// by threadIdx.y has a 2-D block of them: 32 along x, N / 32 along y.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void __launch_bounds__(256) tile(const float *in, float *out, int n) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  out[y * n + x] = in[y * n + x];
  // CHECK: launch-bounds-2d.cu:[[@LINE-1]]:20: remark: coalesced global load from 'in'
  // CHECK: note: block (32,8,1) from __launch_bounds__(256)
}
