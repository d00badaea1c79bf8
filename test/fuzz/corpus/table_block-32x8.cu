// A 32x8 block over a 2048-wide row-major matrix: threadIdx.x along a row is
// coalesced, along a column (a[x*W+y]) strided.
__global__ void rows_and_columns(const float *a, float *o, int W) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float r = a[y * W + x];
  float c = a[x * W + y];
  o[y * W + x] = r + c;
}
void launch(const float *a, float *o) {
  const int W = 2048;
  dim3 block(32, 8);
  dim3 grid(W / 32, W / 8);
  rows_and_columns<<<grid, block>>>(a, o, W);
}
