// threadIdx.x walks a column: swap the roles of x and y. The fixed kernel,
// analysed, costs what the fix predicts.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void columns(const float *a, float *o, int W) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  o[row * W + col] = a[col * W + row];
  // CHECK: thread-mapping-swap.cu:[[@LINE-1]]:22: warning: strided global load from 'a': 32 sectors/request
  // CHECK: note: fix (thread-mapping): threadIdx.x walks the strided dimension: swap 'col' and 'row' (threadIdx.x and threadIdx.y) so that consecutive lanes take consecutive elements; after the fix: 4 sectors/request, 8x fewer
}
__global__ void columns_fixed(const float *a, float *o, int W) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  o[col * W + row] = a[col * W + row];
  // CHECK: thread-mapping-swap.cu:[[@LINE-1]]:22: remark: coalesced global load from 'a': 4 sectors/request
}
void launch(const float *a, float *o) {
  columns<<<dim3(64, 256), dim3(32, 8)>>>(a, o, 2048);
  columns_fixed<<<dim3(64, 256), dim3(32, 8)>>>(a, o, 2048);
}
