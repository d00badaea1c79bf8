// C = A * B for square row-major matrices, three ways.
#include <cuda_runtime.h>

constexpr int BLOCK = 16;

// threadIdx.x walks columns of B and C: B and C coalesced, A broadcast.
__global__ void matmul_rows(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k)
    sum += A[row * N + k] * B[k * N + col];
  C[row * N + col] = sum;
}

// threadIdx.x walks rows instead: every lane reads a different row of A and
// writes a different row of C.
__global__ void matmul_swapped(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k)
    sum += A[row * N + k] * B[k * N + col];
  C[row * N + col] = sum;
}

// Shared-memory tiles: each block loads BLOCK x BLOCK tiles of A and B along
// rows, then multiplies from shared memory.
__global__ void matmul_tiled(const float *A, const float *B, float *C, int N) {
  __shared__ float As[BLOCK][BLOCK];
  __shared__ float Bs[BLOCK][BLOCK];
  int row = blockIdx.y * BLOCK + threadIdx.y;
  int col = blockIdx.x * BLOCK + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < N / BLOCK; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * N + t * BLOCK + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * BLOCK + threadIdx.y) * N + col];
    __syncthreads();
    for (int k = 0; k < BLOCK; ++k)
      sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * N + col] = sum;
}

int main() {
  const int N = 1024;
  float *A, *B, *C;
  cudaMalloc(&A, N * N * sizeof(float));
  cudaMalloc(&B, N * N * sizeof(float));
  cudaMalloc(&C, N * N * sizeof(float));
  dim3 block(BLOCK, BLOCK);
  dim3 grid(N / BLOCK, N / BLOCK);
  matmul_rows<<<grid, block>>>(A, B, C, N);
  matmul_swapped<<<grid, block>>>(A, B, C, N);
  matmul_tiled<<<grid, block>>>(A, B, C, N);
  cudaDeviceSynchronize();
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
  return 0;
}
