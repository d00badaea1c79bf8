// Matrix transpose, naive and with a shared-memory tile (NVIDIA's classic
// 32x8 thread blocks walking a 32x32 tile).
#include <cuda_runtime.h>

constexpr int TILE = 32;
constexpr int ROWS = 8;

// Reads rows, writes columns: the store is strided.
__global__ void transpose_naive(float *out, const float *in, int width, int height) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[x * height + (y + j)] = in[(y + j) * width + x];
}

// Stages a tile in shared memory so both global accesses walk rows. The +1
// column keeps the column reads free of bank conflicts.
__global__ void transpose_tiled(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int n = 4096;
  float *in, *out;
  cudaMalloc(&in, n * n * sizeof(float));
  cudaMalloc(&out, n * n * sizeof(float));
  dim3 block(TILE, ROWS);
  dim3 grid(n / TILE, n / TILE);
  transpose_naive<<<grid, block>>>(out, in, n, n);
  transpose_tiled<<<grid, block>>>(out, in, n, n);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
