// A thrust::device_ptr stepped in a loop by `q += n` or `++q` is an
// induction variable, as a `T *` stepped so is: each trip reads at q0 + k *
// step. Both steps are calls into thrust's headers, and an overloaded `++`
// must count as a write of q, or every trip would be taken to read where
// the first does (8 sectors in `window`). A stand-in with thrust's names,
// declarations only, so that the test runs without the toolkit too.
// RUN: not %cc --show-all %s | %filecheck %s
#include "../Inputs/thrust-standin.h"

__global__ void rows(thrust::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  thrust::device_ptr<float> q = in + 2 * i;
  float s = 0;
  for (int k = 0; k < 8; ++k) {
    s += *q;
    // Trip k reads float 2l + 2048k in lane l: lanes 8 bytes apart span 256
    // bytes, 8 sectors where 4 would do, on every trip (2048 floats are
    // 8192 bytes, whole sectors).
    // CHECK: thrust-device-ptr-loop-step.cu:[[@LINE-4]]:10: warning: strided global load from 'in': 8 sectors/request where 4 would do
    q += 2048;
  }
  out[i] = s;
  // CHECK: thrust-device-ptr-loop-step.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
__global__ void window(thrust::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  thrust::device_ptr<float> q = in + 2 * i;
  float s = 0;
  for (int k = 0; k < 8; ++k) {
    s += *q;
    // Trip k reads bytes [8l + 4k, 8l + 4k + 4) in lane l: the warp spans
    // bytes 4k to 4k + 251, within 8 sectors for k = 0 and 1 and across 9
    // for k = 2 to 7: (2 * 8 + 6 * 9) / 8 = 8.75 sectors a request.
    // CHECK: thrust-device-ptr-loop-step.cu:[[@LINE-4]]:10: warning: strided global load from 'in': 8.75 sectors/request where 4 would do
    ++q;
  }
  out[i] = s;
  // CHECK: thrust-device-ptr-loop-step.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
int main() {
  thrust::device_ptr<float> a;
  float *b = nullptr;
  rows<<<64, 256>>>(a, b);
  window<<<64, 256>>>(a, b);
}
