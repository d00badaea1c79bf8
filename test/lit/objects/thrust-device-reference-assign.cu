// Assigning to the element a thrust::device_ptr indexes is a store: `out[i]
// = v` calls operator= of the device_reference<float> that operator[]
// returns, and `out[i] = in[i]` (one element assigned to another) loads
// in[i] first. Neither was reported: the calls are thrust's (system headers),
// which the walk does not enter. A stand-in with thrust's names, declarations
// only, so that the test runs without the toolkit too.
// RUN: not %cc --show-all %s | %filecheck %s
#include "../Inputs/thrust-standin.h"

__global__ void fill(thrust::device_ptr<float> out, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[4 * i] = v;
  // 4-byte floats, lane l at element 4l: 32 lanes 16 bytes apart span 512
  // bytes, 16 sectors, where the 128 bytes written fill 4.
  // CHECK: thrust-device-reference-assign.cu:[[@LINE-3]]:3: warning: strided global store to 'out': 16 sectors/request where 4 would do
}
__global__ void copy(thrust::device_ptr<float> in,
                     thrust::device_ptr<float> out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // 32 consecutive floats each: 128 bytes, 4 sectors; the load comes first.
  // CHECK: thrust-device-reference-assign.cu:[[@LINE-2]]:12: remark: coalesced global load from 'in': 4 sectors/request (ideal 4)
  // CHECK: thrust-device-reference-assign.cu:[[@LINE-3]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
int main() {
  thrust::device_ptr<float> a;
  fill<<<64, 256>>>(a, 1.0f);
  copy<<<64, 256>>>(a, a);
}
