// An 8x32 block: each warp covers four rows of 8 floats, 32 bytes each.
__global__ void narrow(const float *a, float *o, int W) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  o[y * W + x] = a[y * W + x];
}
void launch(const float *a, float *o) { narrow<<<dim3(256, 64), dim3(8, 32)>>>(a, o, 2048); }
