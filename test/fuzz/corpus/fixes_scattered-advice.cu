// A data-dependent gather has no certain static fix: advice, with the cost
// of the best case (a warp's indices sorted and consecutive).
__global__ void gather(const float *a, const int *idx, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[idx[t]];
}
void launch(const float *a, const int *i, float *o) { gather<<<256, 256>>>(a, i, o); }
