// A 16x16 block: each warp covers two half-rows of 64 bytes; with a row
// width that is a multiple of 8 floats both halves stay sector-aligned.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void tile(const float *a, float *o, int W) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  o[y * W + x] = a[y * W + x];
  // CHECK: block-16x16.cu:[[@LINE-1]]:18: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: 128-byte segments per request: 2
}
void launch(const float *a, float *o) {
  dim3 block(16, 16);
  tile<<<dim3(128, 128), block>>>(a, o, 2048);
}
