// Each thread owns a block of 8 elements: lanes are 32 bytes apart.
// Interleaving (consecutive threads, consecutive elements) fixes it.
__global__ void blocked(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < 8; ++j)
    s += a[t * 8 + j];
  o[t] = s;
}
__global__ void interleaved(const float *a, float *o, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < 8; ++j)
    s += a[j * n + t];
  o[t] = s;
}
void launch(const float *a, float *o) {
  blocked<<<512, 256>>>(a, o);
  interleaved<<<512, 256>>>(a, o, 512 * 256);
}
