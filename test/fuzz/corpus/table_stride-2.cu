// a[2*t]: an 8-byte stride uses half of every sector.
__global__ void every_other(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[2 * t];
}
void launch(const float *a, float *o) { every_other<<<4096, 256>>>(a, o); }
