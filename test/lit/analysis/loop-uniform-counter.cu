// A loop counter that is the same in every lane (matmul's k): A[row*K + k]
// is one address per warp row, B[k*N + col] a coalesced row.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void matmul(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < N; ++k) {
    float a = A[row * N + k];
    // CHECK: loop-uniform-counter.cu:[[@LINE-1]]:15: remark: uniform global load from 'A': 1 sectors/request
    float b = B[k * N + col];
    // CHECK: loop-uniform-counter.cu:[[@LINE-1]]:15: remark: coalesced global load from 'B': 4 sectors/request (ideal 4)
    sum += a * b;
  }
  C[row * N + col] = sum;
  // CHECK: loop-uniform-counter.cu:[[@LINE-1]]:3: remark: coalesced global store to 'C': 4 sectors/request (ideal 4)
}
void launch(const float *A, const float *B, float *C) {
  dim3 block(32, 8);
  matmul<<<dim3(32, 128), block>>>(A, B, C, 1024);
}
