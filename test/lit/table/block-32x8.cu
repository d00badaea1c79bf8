// A 32x8 block over a 2048-wide row-major matrix: threadIdx.x along a row is
// coalesced, along a column (a[x*W+y]) strided.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void rows_and_columns(const float *a, float *o, int W) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float r = a[y * W + x];
  // CHECK: block-32x8.cu:[[@LINE-1]]:13: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: 128-byte segments per request: 1
  // CHECK: block (32,8,1) from the launch at {{.*}}block-32x8.cu:[[@LINE+10]]
  float c = a[x * W + y];
  // CHECK: block-32x8.cu:[[@LINE-1]]:13: warning: strided global load from 'a': 32 sectors/request where 4 would do (12.5% efficiency)
  // CHECK: lanes 0 and 1 are 8192 bytes apart; {{.*}}128-byte segments per request: 32
  o[y * W + x] = r + c;
}
void launch(const float *a, float *o) {
  const int W = 2048;
  dim3 block(32, 8);
  dim3 grid(W / 32, W / 8);
  rows_and_columns<<<grid, block>>>(a, o, W);
}
