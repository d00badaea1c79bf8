// An 8x32 block: each warp covers four rows of 8 floats, 32 bytes each.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void narrow(const float *a, float *o, int W) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  o[y * W + x] = a[y * W + x];
  // CHECK: warp-spans-rows.cu:[[@LINE-1]]:18: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: 128-byte segments per request: 4
}
void launch(const float *a, float *o) { narrow<<<dim3(256, 64), dim3(8, 32)>>>(a, o, 2048); }
