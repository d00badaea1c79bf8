// a[idx[t]]: data-dependent indices scatter the warp over 32 sectors.
__global__ void gather(const float *a, const int *idx, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int j = idx[t];
  o[t] = a[j];
}
void launch(const float *a, const int *idx, float *o) { gather<<<4096, 256>>>(a, idx, o); }
