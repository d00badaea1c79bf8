// A load whose value is used only under a later `if` is issued only by the
// lanes that take the branch: nvcc -O3 sinks it there (measured on an H200:
// 1 sector/request, one lane per warp).
__global__ void one_lane(float *o, const float *in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  if (threadIdx.x == 0)
    o[blockIdx.x] = v;
}
// Used on both paths: not sunk.
__global__ void both(float *o, const float *in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  if (threadIdx.x == 0)
    o[blockIdx.x] = v;
  o[t] = v;
}
void launch(float *o, const float *in) {
  one_lane<<<64, 256>>>(o, in);
  both<<<64, 256>>>(o, in);
}
