// A loop counter that is the same in every lane (matmul's k): A[row*K + k]
// is one address per warp row, B[k*N + col] a coalesced row.
__global__ void matmul(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < N; ++k) {
    float a = A[row * N + k];
    float b = B[k * N + col];
    sum += a * b;
  }
  C[row * N + col] = sum;
}
void launch(const float *A, const float *B, float *C) {
  dim3 block(32, 8);
  matmul<<<dim3(32, 128), block>>>(A, B, C, 1024);
}
