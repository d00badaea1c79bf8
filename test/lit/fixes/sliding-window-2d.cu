// A 3x3 stencil: the column loop slides each row's start across sector
// boundaries and the halo offset (-1) misaligns it. Staging the tile in
// shared memory with loads from the aligned segment below the window costs
// 4 sectors/request; the staged version below is analysed to check that.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
#define W 2048
__global__ void conv3x3(const float *in, float *out, const float *k) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= W - 1 || y >= W - 1)
    return;
  float acc = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      acc += k[(dy + 1) * 3 + dx + 1] * in[(y + dy) * W + x + dx];
  // CHECK: sliding-window-2d.cu:[[@LINE-1]]:41: warning: misaligned global load from 'in'
  // CHECK: note: fix (misaligned-start): the loop slides the warp's start across sector boundaries{{.*}}; after the fix: 4 sectors/request
  out[y * W + x] = acc;
}
__global__ void conv3x3_staged(const float *in, float *out) {
  __shared__ float tile[8 + 2][32 + 64];
  int x0 = blockIdx.x * blockDim.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  // Rows y-1..y+1 of the window, from the aligned segment below x0 - 1.
  for (int dy = -1; dy <= 1; ++dy)
    tile[threadIdx.y + 1 + dy][threadIdx.x] = in[(y + dy) * W + x0 - 32 + threadIdx.x];
  // CHECK: sliding-window-2d.cu:[[@LINE-1]]:47: remark: coalesced global load from 'in': 4 sectors/request
  __syncthreads();
  out[y * W + x0 + threadIdx.x] = tile[threadIdx.y + 1][threadIdx.x];
}
void launch(const float *in, float *out, const float *k) {
  dim3 block(32, 8), grid(W / 32, W / 8);
  conv3x3<<<grid, block>>>(in, out, k);
  conv3x3_staged<<<grid, block>>>(in, out);
}
