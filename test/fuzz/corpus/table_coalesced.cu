// a[t]: each warp reads 128 contiguous, aligned bytes.
__global__ void copy(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t];
  o[t] = v;
}
void launch(const float *a, float *o) { copy<<<4096, 256>>>(a, o); }
