// A 16x16 block: each warp covers two half-rows of 64 bytes; with a row
// width that is a multiple of 8 floats both halves stay sector-aligned.
__global__ void tile(const float *a, float *o, int W) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  o[y * W + x] = a[y * W + x];
}
void launch(const float *a, float *o) {
  dim3 block(16, 16);
  tile<<<dim3(128, 128), block>>>(a, o, 2048);
}
