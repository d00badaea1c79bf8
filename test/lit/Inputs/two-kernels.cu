// Two kernels, the cheap one first in the source.
__global__ void fine(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t];
}
__global__ void wasteful(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[8 * t];
}
void launch(const float *a, float *o) {
  fine<<<64, 256>>>(a, o);
  wasteful<<<64, 256>>>(a, o);
}
