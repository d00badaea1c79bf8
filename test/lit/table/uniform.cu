// a[blockIdx.x]: the whole warp reads one address, one sector.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void per_block(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[blockIdx.x];
  // CHECK: uniform.cu:[[@LINE-1]]:10: remark: uniform global load from 'a': 1 sectors/request, every active lane accesses the same address
  // CHECK: 128-byte segments per request: 1
}
void launch(const float *a, float *o) { per_block<<<4096, 256>>>(a, o); }
