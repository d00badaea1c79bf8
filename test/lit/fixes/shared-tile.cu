// A transpose reads rows and writes columns: no mapping serves both, so the
// first fix is a 32x33 shared tile; the tiled kernel's global accesses are
// what the fix predicts.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void transpose(float *out, const float *in, int n) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  out[x * n + y] = in[y * n + x];
  // CHECK: shared-tile.cu:[[@LINE-1]]:3: warning: strided global store to 'out': 32 sectors/request
  // CHECK: note: index
  // CHECK-NEXT: note: lanes
  // CHECK-NEXT: note: fix (shared-tile): 'in' is walked along rows and 'out' along columns, so no thread mapping serves both: stage a tile in shared memory (__shared__ float tile[32][33]{{.*}}; after the fix: 4 sectors/request, 8x fewer
}
__global__ void transpose_tiled(float *out, const float *in, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: shared-tile.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 4 sectors/request
}
void launch(float *out, const float *in) {
  transpose<<<dim3(64, 64), dim3(32, 32)>>>(out, in, 2048);
  transpose_tiled<<<dim3(64, 64), dim3(32, 32)>>>(out, in, 2048);
}
