// A 32x32 tile read down a column: lanes 128 bytes apart, all in bank 0.
// Measured on an H200 (runtime-bench 37_shared_banks transpose_32x8_unpadded):
// 1 wavefront per store, 32 per load. The padding and the swizzle are
// offered, each with its predicted wavefronts.
// RUN: not %cc %s | %filecheck %s
#define TILE 32
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
  // CHECK: transpose-tile-unpadded.cu:[[@LINE-1]]:28: warning: bank-conflict shared load from 'tile': 32 wavefronts/request where 1 would do (32-way bank conflict) [cuda-coalesce]
  // CHECK: note: lanes 0 and 1 are 128 bytes apart: 0 banks apart (32 banks of 4 bytes)
  // CHECK: note: fix (pad-shared): pad each row of 'tile' by 1 element: declare `__shared__ float tile[32][33]` {{.*}}after the fix: 1 wavefronts/request, 32x fewer
  // CHECK: note: fix (swizzle-shared): swizzle the columns of 'tile': index it as `tile[row][col ^ (row % 32)]` {{.*}}after the fix: 1 wavefronts/request
}
void launch(float *out, const float *in) {
  transpose<<<dim3(128, 128), dim3(32, 8)>>>(out, in, 4096);
}
