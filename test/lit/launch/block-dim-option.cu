// --block-dim overrides the launch site's shape.
// RUN: %cc --show-all --block-dim=16,16 %s | %filecheck %s
__global__ void k(const float *a, float *o) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  o[y * 2048 + x] = a[y * 2048 + x];
  // CHECK: block-dim-option.cu:[[@LINE-1]]:21: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: 128-byte segments per request: 2
  // CHECK: block (16,16,1) from --block-dim
}
void launch(const float *a, float *o) { k<<<dim3(64, 64), dim3(32, 8)>>>(a, o); }
