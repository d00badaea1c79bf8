// memcpy of a struct in device code is byte by byte (nvcc's PTX: sixteen
// ld.global.u8 for a 16-byte struct): lanes 16 bytes apart, one byte each,
// 16 sectors for 32 bytes.
// RUN: not %cc --show-all %s | %filecheck %s
#include <cstring>
struct P16 { float a, b, c, d; };
__global__ void unpack(float *o, const P16 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  P16 v;
  memcpy(&v, &a[t], sizeof(P16));
  // CHECK: memcpy-struct.cu:[[@LINE-1]]:14: warning: strided global load from 'a': 16 sectors/request where 1 would do (6.3% efficiency)
  o[t] = v.a + v.d;
  // CHECK: memcpy-struct.cu:[[@LINE-1]]:3: remark: coalesced global store to 'o': 4 sectors/request (ideal 4)
}
void launch(float *o, const P16 *a) { unpack<<<64, 256>>>(o, a); }
