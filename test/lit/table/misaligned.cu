// a[t+1]: a 4-byte offset makes every warp touch one extra sector.
// RUN: not %cc %s | %filecheck %s
__global__ void shifted(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t + 1];
  // CHECK: misaligned.cu:[[@LINE-1]]:10: warning: misaligned global load from 'a': 5 sectors/request where 4 would do (80% efficiency)
  // CHECK: lanes 0 and 1 are 4 bytes apart; lane 0 starts 4 bytes into a 128-byte segment; 128-byte segments per request: 2
  // CHECK-NOT: warning:
}
void launch(const float *a, float *o) { shifted<<<4096, 256>>>(a, o); }
