// Each thread owns a block of 8 elements: lanes are 32 bytes apart.
// Interleaving (consecutive threads, consecutive elements) fixes it.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void blocked(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < 8; ++j)
    s += a[t * 8 + j];
  // CHECK: thread-mapping-contiguous.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 32 sectors/request
  // CHECK: note: fix (thread-mapping): consecutive lanes are 32 bytes apart: map consecutive threads to consecutive elements (index j*n + t instead of t*k + j, n a multiple of 32); after the fix: 4 sectors/request, 8x fewer
  o[t] = s;
}
__global__ void interleaved(const float *a, float *o, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < 8; ++j)
    s += a[j * n + t];
  // CHECK: thread-mapping-contiguous.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a': 4 sectors/request
  o[t] = s;
}
void launch(const float *a, float *o) {
  blocked<<<512, 256>>>(a, o);
  interleaved<<<512, 256>>>(a, o, 512 * 256);
}
