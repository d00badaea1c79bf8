// The swap applies, but the file does not compile for another reason.
__global__ void scale(float *m, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  m[row * n + col] *= 2.0f;
}
void launch(float *m) { scale<<<dim3(64, 64), dim3(16, 16)>>>(m, 1024); undefined_call(); }
