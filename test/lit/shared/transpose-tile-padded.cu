// The same tile padded to 33 columns: a column spreads over the 32 banks.
// Measured on an H200 (37_shared_banks transpose_32x8_padded): 1 wavefront
// per load and per store; no finding.
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not=warning:
#define TILE 32
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  // CHECK: transpose-tile-padded.cu:[[@LINE-1]]:5: remark: conflict-free shared store to 'tile': 1 wavefronts/request (ideal 1)
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
  // CHECK: transpose-tile-padded.cu:[[@LINE-1]]:28: remark: conflict-free shared load from 'tile': 1 wavefronts/request (ideal 1)
}
void launch(float *out, const float *in) {
  transpose<<<dim3(128, 128), dim3(32, 8)>>>(out, in, 4096);
}
