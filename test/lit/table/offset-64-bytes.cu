// a[t+16]: a 64-byte offset stays within 4 sectors but spans 2 segments.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void shifted(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t + 16];
  // CHECK: offset-64-bytes.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: lane 0 starts 64 bytes into a 128-byte segment; 128-byte segments per request: 2
}
void launch(const float *a, float *o) { shifted<<<4096, 256>>>(a, o); }
