// An access inside a __device__ helper is analysed with the caller's
// arguments and reported where it is written, with the call that reaches it.
// RUN: not %cc %s | %filecheck %s
__device__ float load_column(const float *m, int row, int col, int width) {
  return m[col * width + row];
  // CHECK: device-helper.cu:[[@LINE-1]]:10: warning: strided global load from 'm': 32 sectors/request where 4 would do (12.5% efficiency) [cuda-coalesce] (in kernel 'columns')
  // CHECK: index blockIdx.x*blockDim.x*width + threadIdx.x*width + blockIdx.y (4-byte elements)
  // CHECK: reached through the call at {{.*}}device-helper.cu:[[@LINE+5]]:14
}
__global__ void columns(const float *m, float *out, int width) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y;
  out[col] = load_column(m, row, col, width);
}
void launch(const float *m, float *out) { columns<<<dim3(8, 64), 256>>>(m, out, 4096); }
