// A uniform load in a loop is a broadcast: said to be fine.
__global__ void bias(const float *w, float *o, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += w[k];
  o[t] = s;
}
void launch(const float *w, float *o) { bias<<<256, 256>>>(w, o, 64); }
