// a[t + 3] starts 12 bytes into a sector: shift the mapping or pad the base.
__global__ void shifted(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t + 3];
}
__global__ void padded(const float *a_plus_3, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a_plus_3[t];
}
void launch(const float *a, const float *b, float *o) {
  shifted<<<256, 256>>>(a, o);
  padded<<<256, 256>>>(b, o);
}
