// A kernel that takes thrust::device_ptr<float> reads `in[2 * i]` through
// calls into thrust's headers, which the walk does not enter: operator[]
// returns a device_reference<float>, and converting that to float is the
// load. It was not reported at all; device_ptr is a `float *` into global
// memory and device_reference its element, known by their names (namespace
// thrust, through CCCL's inline ABI namespace). A stand-in with thrust's
// names, so that the test runs without the toolkit too (declarations only:
// like thrust's own code in the system headers, nothing of it is walked).
// RUN: not %cc --show-all %s | %filecheck %s
#include "../Inputs/thrust-standin.h"

__global__ void k(thrust::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // 4-byte floats, lane l at element 2l: 32 lanes 8 bytes apart span 256
  // bytes, 8 sectors of 32 bytes, where the 128 bytes they use fill 4.
  // CHECK: thrust-device-ptr-subscript-load.cu:[[@LINE-3]]:12: warning: strided global load from 'in': 8 sectors/request where 4 would do
  // out[i]: 32 consecutive floats, 128 bytes, 4 sectors.
  // CHECK: thrust-device-ptr-subscript-load.cu:[[@LINE-5]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
int main() {
  thrust::device_ptr<float> a;
  float *b = nullptr;
  k<<<64, 256>>>(a, b);
}
