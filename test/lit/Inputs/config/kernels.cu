// Two kernels for the configuration tests: a 2-D one launched 32x8 whose
// load is strided, and a 1-D strided one.
__global__ void tile(const float *a, float *o) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  o[y * 2048 + x] = a[x * 2048 + y];
}
__global__ void every_other(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[2 * t];
}
void launch(const float *a, float *o) {
  tile<<<dim3(64, 64), dim3(32, 8)>>>(a, o);
  every_other<<<64, 256>>>(a, o);
}
