// threadIdx.x walks rows of the matrix: the mechanical fix swaps 'row' and 'col'.
__global__ void scale(float *m, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  m[row * n + col] *= 2.0f;
}
void launch(float *m) { scale<<<dim3(64, 64), dim3(16, 16)>>>(m, 1024); }
