// `acc[i] += v` on the element a thrust::device_ptr indexes calls the
// compound assignment of thrust's device_reference<float>: a load of acc[i]
// and a store of it, as for a `float *`. Neither was reported: the call is
// thrust's (system headers), which the walk does not enter. A stand-in with
// thrust's names, declarations only, so that the test runs without the
// toolkit too.
// RUN: not %cc --show-all %s | %filecheck %s
#include "../Inputs/thrust-standin.h"

__global__ void accumulate(thrust::device_ptr<float> acc, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  acc[2 * i] += in[i];
  // in[i]: 32 consecutive floats, 128 bytes, 4 sectors, read first.
  // CHECK: thrust-device-reference-compound.cu:[[@LINE-2]]:17: remark: coalesced global load from 'in': 4 sectors/request (ideal 4)
  // acc[2 * i]: 4-byte floats, 32 lanes 8 bytes apart span 256 bytes, 8
  // sectors where the 128 bytes used fill 4; loaded, then stored.
  // CHECK: thrust-device-reference-compound.cu:[[@LINE-5]]:3: warning: strided global load from 'acc': 8 sectors/request where 4 would do
  // CHECK: thrust-device-reference-compound.cu:[[@LINE-6]]:3: warning: strided global store to 'acc': 8 sectors/request where 4 would do
}
int main() {
  thrust::device_ptr<float> a;
  const float *b = nullptr;
  accumulate<<<64, 256>>>(a, b);
}
