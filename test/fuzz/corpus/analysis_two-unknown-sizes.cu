// With two unknown row widths the lanes stay contiguous: the count is the one
// with both widths multiples of 32, where the access is ideal, so it is not
// flagged.
__global__ void k(float *d, int w, int wh) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  d[threadIdx.z * wh + threadIdx.y * w + x] = 1.0f;
}
void launch(float *d, int w, int wh) { k<<<64, dim3(32, 4, 2)>>>(d, w, wh); }
