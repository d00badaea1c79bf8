// a[t+16]: a 64-byte offset stays within 4 sectors but spans 2 segments.
__global__ void shifted(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t + 16];
}
void launch(const float *a, float *o) { shifted<<<4096, 256>>>(a, o); }
