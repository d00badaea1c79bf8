// A load whose value is used only under a later `if` is issued only by the
// lanes that take the branch: nvcc -O3 sinks it there (measured on an H200:
// 1 sector/request, one lane per warp).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void one_lane(float *o, const float *in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  // CHECK: load-sinking.cu:[[@LINE-1]]:13: remark: uniform global load from 'in': 1 sectors/request, every active lane accesses the same address
  if (threadIdx.x == 0)
    o[blockIdx.x] = v;
}
// Used on both paths: not sunk.
__global__ void both(float *o, const float *in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  // CHECK: load-sinking.cu:[[@LINE-1]]:13: remark: coalesced global load from 'in': 4 sectors/request (ideal 4)
  if (threadIdx.x == 0)
    o[blockIdx.x] = v;
  o[t] = v;
}
void launch(float *o, const float *in) {
  one_lane<<<64, 256>>>(o, in);
  both<<<64, 256>>>(o, in);
}
