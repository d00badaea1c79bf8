// A guard on the block index makes blocks run different code (the left
// halo of a stencil, which the first block's warps skip). Over a grid not
// known here the launch's mean turns on how many blocks there are: the
// count is the range of the warps' counts. HeCBench convolutionSeparable:
// 3.94 to 4 sectors a request over 64 assumed blocks, 3.5 measured on an
// H100 with 8 blocks.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void left_halo(const float *src, float *dst, int blocks) {
  int x = (blockIdx.x * 8 - 1) * 32 + threadIdx.x;
  float v = x >= 0 ? src[x] : 0.0f;
  // CHECK: guard-on-block-over-assumed-grid.cu:[[@LINE-1]]:22: remark: coalesced global load from 'src': 0 to 4 sectors/request (ideal 4; depends on gridDim)
  dst[blockIdx.x * 32 + threadIdx.x] = v;
}
// With the grid known, the launch decides which blocks load (7 of 8); what
// is left open is whether nvcc predicates the load.
__global__ void left_halo_known(const float *src, float *dst) {
  int x = (blockIdx.x * 8 - 1) * 32 + threadIdx.x;
  float v = x >= 0 ? src[x] : 0.0f;
  // CHECK: guard-on-block-over-assumed-grid.cu:[[@LINE-1]]:22: remark: coalesced global load from 'src': 3.5 to 4 sectors/request (ideal 4; the least where nvcc predicates it
  dst[blockIdx.x * 32 + threadIdx.x] = v;
}
void run(const float *s, float *d, int n) {
  left_halo<<<n, 32>>>(s, d, n);
  left_halo_known<<<8, 32>>>(s, d);
}
