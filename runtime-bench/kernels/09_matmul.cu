// Theme: C = A * B, N x N floats with N = 512 (kept small: O(N^3) work under ncu replay).
// Naive good: row from threadIdx.y, col from threadIdx.x (block 32x8).
// Naive bad: row from threadIdx.x, col from threadIdx.y (block 32x8).
// Tiled: 16x16 shared tiles (block 16x16). k is a uniform loop counter.
// Part of cuda-coalesce runtime-bench: one global access per source line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <random>
#include "bench.h"

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t err_ = (x);                                                   \
    if (err_ != cudaSuccess) {                                                \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,              \
              cudaGetErrorString(err_));                                      \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

// Fills a buffer with non-zero data. Not measured (ncu skips init_*).
__global__ void init_f32(float* p, long n, float base) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = base + (float)(i % 97) * 0.01f;
}


__global__ void matmul_naive_good(float* C, const float* A, const float* B) {
  const int N = 512;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k) {
    float av = A[row * N + k];
    float bv = B[k * N + col];
    sum += av * bv;
  }
  C[row * N + col] = sum;
}

__global__ void matmul_naive_bad(float* C, const float* A, const float* B) {
  const int N = 512;
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k) {
    float av = A[row * N + k];
    float bv = B[k * N + col];
    sum += av * bv;
  }
  C[row * N + col] = sum;
}

__global__ void matmul_tiled(float* C, const float* A, const float* B) {
  const int N = 512, T = 16;
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int row = blockIdx.y * T + threadIdx.y;
  int col = blockIdx.x * T + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < N / T; ++t) {
    float av = A[row * N + t * T + threadIdx.x];
    As[threadIdx.y][threadIdx.x] = av;
    float bv = B[(t * T + threadIdx.y) * N + col];
    Bs[threadIdx.y][threadIdx.x] = bv;
    __syncthreads();
    for (int k = 0; k < T; ++k)
      sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * N + col] = sum;
}



int main() {
  const int N = 512;
  float *A, *B, *C;
  CHECK(cudaMalloc(&A, N * N * sizeof(float)));
  CHECK(cudaMalloc(&B, N * N * sizeof(float)));
  CHECK(cudaMalloc(&C, N * N * sizeof(float)));
  init_f32<<<256, 256>>>(A, N * N, 1.0f);
  CHECK(cudaGetLastError());
  init_f32<<<256, 256>>>(B, N * N, 0.5f);
  CHECK(cudaGetLastError());
  dim3 block(32, 8);
  dim3 gridGood(N / 32, N / 8);
  BENCH(12.0 * N * N, matmul_naive_good<<<gridGood, block>>>(C, A, B));
  std::vector<float> refG = bench_fetch(C, (size_t)N * N);
  CHECK(cudaMemset(C, 0, (size_t)N * N * sizeof(float)));
  CHECK(cudaGetLastError());
  dim3 gridBad(N / 32, N / 8);
  BENCH(12.0 * N * N, matmul_naive_bad<<<gridBad, block>>>(C, A, B));
  bench_compare("matmul_naive_good==matmul_naive_bad", refG.data(), C, (size_t)N * N);
  CHECK(cudaGetLastError());
  dim3 tblock(16, 16), tgrid(N / 16, N / 16);
  BENCH(12.0 * N * N, matmul_tiled<<<tgrid, tblock>>>(C, A, B));
  bench_compare("matmul_tiled==matmul_naive_good", refG.data(), C, (size_t)N * N, 1e-3f);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(A));
  CHECK(cudaFree(B));
  CHECK(cudaFree(C));
  printf("09_matmul ok\n");
  return 0;
}
