// A stride between lanes known only at run time (an accessor's innermost
// stride) may be 1, which makes the access coalesced, or large: no one
// pattern. A row width multiplying the thread index while another index
// walks the contiguous dimension is taken as a width, never 1.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void accessor(float *out, const float *in, long s0, long s1) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = in[blockIdx.y * s0 + t * s1];
  // CHECK: lane-stride-unknown.cu:[[@LINE-1]]:12: remark: global load from 'in' depends on values not known here: 4 to 32 sectors/request where 4 would do; coalesced iff s1 == 1
}
__global__ void column(float *out, const float *in, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[x] = in[x * w + blockIdx.y];
  // CHECK: lane-stride-unknown.cu:[[@LINE-1]]:12: warning: strided global load from 'in': 32 sectors/request where 4 would do
}
void launch(float *o, const float *a, long s0, long s1, int w) {
  accessor<<<dim3(4, 64), 256>>>(o, a, s0, s1);
  column<<<dim3(4, 64), 256>>>(o, a, w);
}
