// A per-lane value the walk does not follow (a select, a value carried
// around a loop) makes the pattern unknown, naming the value; only values
// loaded per lane make an access a data-dependent gather.
__global__ void select_index(const float *in, float *out, int nx) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int j = c / nx;
  out[c] = in[j == 7 ? c : c + nx];
}

__global__ void carried(const float *in, float *out, int steps) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int s = t;
  for (int k = 0; k < steps; ++k)
    s = (s * 5 + 1) & 1023;
  out[t] = in[s];
}

__global__ void gather(const int *idx, const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = in[idx[t]];
}

void launch(const int *idx, const float *in, float *out) {
  select_index<<<64, 256>>>(in, out, 1000);
  carried<<<64, 256>>>(in, out, 8);
  gather<<<64, 256>>>(idx, in, out);
}
