// The pointer a thrust::device_ptr holds is followed through what thrust
// defines on it, as through a `float *`: `*(p + n)`, a local copy moved by
// `+=`, `p.get()` and `thrust::raw_pointer_cast(p)`. Each is a call into
// thrust's headers, which the walk does not enter, so none of these loads was
// placed. A stand-in with thrust's names, declarations only, so that the test
// runs without the toolkit too.
// RUN: not %cc --show-all %s | %filecheck %s
#include "../Inputs/thrust-standin.h"

__global__ void offset(thrust::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = *(in + i + 1);
  // Lane l reads float l + 1: 32 consecutive floats from byte 4, which span
  // bytes 4 to 131 of a 128-byte aligned block, 5 sectors where 4 would do.
  // CHECK: thrust-device-ptr-arithmetic.cu:[[@LINE-3]]:12: warning: misaligned global load from 'in': 5 sectors/request where 4 would do
  // CHECK: thrust-device-ptr-arithmetic.cu:[[@LINE-4]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
__global__ void advanced_copy(thrust::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  thrust::device_ptr<float> p = in;
  p += 2;
  out[i] = p[i];
  // p is in + 2: lane l reads float l + 2, bytes 8 to 135, 5 sectors.
  // CHECK: thrust-device-ptr-arithmetic.cu:[[@LINE-2]]:12: warning: misaligned global load from 'in': 5 sectors/request where 4 would do
  // CHECK: thrust-device-ptr-arithmetic.cu:[[@LINE-3]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
__global__ void raw_get(thrust::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float *r = in.get();
  out[i] = r[4 * i];
  // Lanes 16 bytes apart: 512 bytes, 16 sectors, where the 128 used fill 4.
  // CHECK: thrust-device-ptr-arithmetic.cu:[[@LINE-2]]:12: warning: strided global load from 'in': 16 sectors/request where 4 would do
  // CHECK: thrust-device-ptr-arithmetic.cu:[[@LINE-3]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
__global__ void raw_cast(thrust::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = thrust::raw_pointer_cast(in)[8 * i];
  // Lanes 32 bytes apart: each in a sector of its own, 32 where 4 would do.
  // CHECK: thrust-device-ptr-arithmetic.cu:[[@LINE-2]]:12: warning: strided global load from 'in': 32 sectors/request where 4 would do
  // CHECK: thrust-device-ptr-arithmetic.cu:[[@LINE-3]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
int main() {
  thrust::device_ptr<float> a;
  float *b = nullptr;
  offset<<<64, 256>>>(a, b);
  advanced_copy<<<64, 256>>>(a, b);
  raw_get<<<64, 256>>>(a, b);
  raw_cast<<<64, 256>>>(a, b);
}
