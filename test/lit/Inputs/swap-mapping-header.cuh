// Same kernel, in a header: --fix never edits a file it was not asked to.
__global__ void scale_in_header(float *m, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  m[row * n + col] *= 2.0f;
}
