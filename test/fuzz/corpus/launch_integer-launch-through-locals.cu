// Integer launch shapes followed through local constants.
__global__ void k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t];
}
void launch(const float *a, float *o) {
  int n = 1 << 20;
  int threads = 128;
  int blocks = (n + threads - 1) / threads;
  k<<<blocks, threads>>>(a, o);
}
