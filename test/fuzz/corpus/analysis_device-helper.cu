// An access inside a __device__ helper is analysed with the caller's
// arguments and reported where it is written, with the call that reaches it.
__device__ float load_column(const float *m, int row, int col, int width) {
  return m[col * width + row];
}
__global__ void columns(const float *m, float *out, int width) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y;
  out[col] = load_column(m, row, col, width);
}
void launch(const float *m, float *out) { columns<<<dim3(8, 64), 256>>>(m, out, 4096); }
