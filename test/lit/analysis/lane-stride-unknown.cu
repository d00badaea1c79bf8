// A stride between lanes known only at run time (an accessor's innermost
// stride, a row width that multiplies the thread index) may be 0, 1, 2 or
// large: the code allows every value, so the count is the range over all of
// them and no finding is given (docs/model.md, the contract). At 0 every
// lane reads one float (1 sector), at 1 they are contiguous (4 sectors), from
// 8 floats on each lane has a sector of its own (32).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void accessor(float *out, const float *in, long s0, long s1) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = in[blockIdx.y * s0 + t * s1];
  // CHECK: lane-stride-unknown.cu:[[@LINE-1]]:12: remark: global load from 'in' depends on values not known here: 1 to 32 sectors/request where 4 would do; coalesced iff s1 <= 1
}
__global__ void column(float *out, const float *in, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[x] = in[x * w + blockIdx.y];
  // CHECK: lane-stride-unknown.cu:[[@LINE-1]]:12: remark: global load from 'in' depends on values not known here: 1 to 32 sectors/request where 4 would do
}
void launch(float *o, const float *a, long s0, long s1, int w) {
  accessor<<<dim3(4, 64), 256>>>(o, a, s0, s1);
  column<<<dim3(4, 64), 256>>>(o, a, w);
}
