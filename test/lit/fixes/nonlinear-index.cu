// An index that is not linear in threadIdx.x has no rewrite to derive; the
// fix says what a contiguous mapping costs, and the contiguous version below
// is analysed to check that prediction.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
__global__ void padded_column(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[33 * (t % 32)];
  // CHECK: nonlinear-index.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 32 sectors/request where 4 would do
  // CHECK: note: fix (thread-mapping): consecutive lanes are 132 bytes apart and the index is not linear in threadIdx.x{{.*}}; after the fix: 4 sectors/request, 8x fewer
}
__global__ void squares(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[(t % 32) * (t % 32)];
  // CHECK: nonlinear-index.cu:[[@LINE-1]]:10: warning: scattered global load from 'a'
  // CHECK: note: the index is not linear in the thread index: the lanes' addresses are irregularly spaced
  // CHECK: note: fix (thread-mapping): the lanes' elements are irregularly spaced and the index is not linear in threadIdx.x{{.*}}; after the fix: 4 sectors/request
}
__global__ void contiguous(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t];
  // CHECK: nonlinear-index.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a': 4 sectors/request
}
void launch(const float *a, float *o) {
  padded_column<<<256, 256>>>(a, o);
  squares<<<256, 256>>>(a, o);
  contiguous<<<256, 256>>>(a, o);
}
