// a[t]: each warp reads 128 contiguous, aligned bytes.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void copy(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t];
  // CHECK: coalesced.cu:[[@LINE-1]]:13: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: 128-byte segments per request: 1
  o[t] = v;
  // CHECK: coalesced.cu:[[@LINE-1]]:3: remark: coalesced global store to 'o': 4 sectors/request (ideal 4)
}
void launch(const float *a, float *o) { copy<<<4096, 256>>>(a, o); }
