// No launch gives the row width: the lanes are contiguous whatever it is, so
// the pattern is definite. The count is the aligned case's, with the range
// over the widths tried and the condition for the ideal.
__global__ void tile16(const float *a, float *o, int width) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  o[y * width + x] = a[y * width + x];
}
void launch(const float *a, float *o, int w) { tile16<<<dim3(8, 8), dim3(16, 16)>>>(a, o, w); }
