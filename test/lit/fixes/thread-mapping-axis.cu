// A block one thread wide in x: the lanes of a warp run along y. The
// thread-mapping fix names y, rewrites along y, and never predicts less
// than the ideal (a mapping along x, one thread wide, would put every lane
// on one address: 1 sector, below the ideal of 4, and is no fix).
// RUN: not %cc %s | FileCheck %s --implicit-check-not='after the fix: 1 sector'
__global__ void padded(const float *a, float *o) {
  int t = blockIdx.y * blockDim.y + threadIdx.y;
  o[t] = a[33 * (t % 32)];
  // CHECK: thread-mapping-axis.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 32 sectors/request where 4 would do
  // CHECK: note: fix (thread-mapping): consecutive lanes are 132 bytes apart and the index is not linear in threadIdx.y (the block is one thread wide in x: the lanes of a warp run along y), so no rewrite of it is derived{{.*}}; after the fix: 4 sectors/request, 8x fewer
}
__global__ void blocked(const float *a, float *o) {
  int t = blockIdx.y * blockDim.y + threadIdx.y;
  o[t] = a[3 * t];
  // CHECK: thread-mapping-axis.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 12 sectors/request where 4 would do
  // CHECK: note: fix (thread-mapping): consecutive lanes are 12 bytes apart: map consecutive threads to consecutive elements (index j*n + t instead of t*k + j, n a multiple of 32); after the fix: 4 sectors/request, 3x fewer
}
// Linear in threadIdx.x, but a term does not divide by the lanes' stride:
// no rewrite is derived, and the words do not say "not linear".
__global__ void offset(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[3 * threadIdx.x + blockIdx.x];
  // CHECK: thread-mapping-axis.cu:[[@LINE-1]]:10: warning: strided global load from 'a'
  // CHECK: note: fix (thread-mapping): consecutive lanes are 12 bytes apart along threadIdx.x, and no rewrite of the index is derived from its terms: {{.*}}; after the fix: 4 sectors/request
}
void launch(const float *a, float *o) {
  offset<<<dim3(64, 4), 256>>>(a, o);
  padded<<<dim3(1, 64), dim3(1, 256)>>>(a, o);
  blocked<<<dim3(1, 64), dim3(1, 256)>>>(a, o);
}
