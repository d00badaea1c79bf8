// a[t + 3] starts 12 bytes into a sector: shift the mapping or pad the base.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void shifted(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t + 3];
  // CHECK: misaligned-start.cu:[[@LINE-1]]:10: warning: misaligned global load from 'a': 5 sectors/request
  // CHECK: note: fix (misaligned-start): the warp starts 12 bytes past a 128-byte boundary: shift the mapping so lane 0 takes an aligned element, or pad the allocation so 'a' + 12 bytes is aligned; after the fix: 4 sectors/request, 1.3x fewer
}
__global__ void padded(const float *a_plus_3, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a_plus_3[t];
  // CHECK: misaligned-start.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a_plus_3': 4 sectors/request
}
void launch(const float *a, const float *b, float *o) {
  shifted<<<256, 256>>>(a, o);
  padded<<<256, 256>>>(b, o);
}
