// A grid-stride loop over a grid not known (`i < count`, `i += blockDim.x *
// gridDim.x`, llm.c's global_norm): the unknown moves the guard's threshold
// by whole warps of 32 lanes, so the warps split alike for every grid, and the
// count the values tried agree on is the code's (2 sectors measured at every
// launch; given "1 to 2" after the guards on unknowns were opened).
// Where count is not a multiple of 32, the last warp is split for some grids
// only: the range stays.
// RUN: %cc --show-all %s | FileCheck %s
__global__ void sum_all(const float *data, float *out, unsigned count) {
  unsigned index = threadIdx.x + blockDim.x * blockIdx.x;
  unsigned grid_width = blockDim.x * gridDim.x;
  float acc = 0.f;
  for (unsigned i = index; i < count; i += grid_width)
    acc += data[i];
  // CHECK: grid-stride-guard-whole-warps.cu:[[@LINE-1]]:12: remark: coalesced global load from 'data': 4 sectors/request (ideal 4)
  out[index] = acc;
}
__global__ void sum_ragged(const float *data, float *out, unsigned count) {
  unsigned index = threadIdx.x + blockDim.x * blockIdx.x;
  unsigned grid_width = blockDim.x * gridDim.x;
  float acc = 0.f;
  for (unsigned i = index; i < count; i += grid_width)
    acc += data[i];
  // CHECK: grid-stride-guard-whole-warps.cu:[[@LINE-1]]:12: {{.*}}global load from 'data': {{.*}}1 to 4 sectors/request
  out[index] = acc;
}
void launch(const float *d, float *o, int sms) {
  sum_all<<<sms * 4, 32>>>(d, o, 1 << 20);
  sum_ragged<<<sms * 4, 32>>>(d, o, 1000);
}
