// A 16-byte struct of four floats is copied field by field when it is only
// 4-byte aligned (nvcc's PTX: four ld.global.f32), lanes 16 bytes apart: 16
// sectors for 128 bytes per instruction. With alignas(16) it is one 16-byte
// load of 512 contiguous bytes.
// RUN: not %cc --show-all %s | %filecheck %s
struct P16 { float a, b, c, d; };
struct alignas(16) Q16 { float a, b, c, d; };
__global__ void copy_fields(P16 *o, const P16 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  P16 v = a[t];
  // CHECK: struct-copy-width.cu:[[@LINE-1]]:11: warning: strided global load from 'a': 16 sectors/request where 4 would do (25% efficiency)
  o[t] = v;
  // CHECK: struct-copy-width.cu:[[@LINE-1]]:3: warning: strided global store to 'o': 16 sectors/request where 4 would do (25% efficiency)
}
__global__ void copy_whole(Q16 *o, const Q16 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  Q16 v = a[t];
  // CHECK: struct-copy-width.cu:[[@LINE-1]]:11: remark: coalesced global load from 'a': 16 sectors/request (ideal 16)
  o[t] = v;
  // CHECK: struct-copy-width.cu:[[@LINE-1]]:3: remark: coalesced global store to 'o': 16 sectors/request (ideal 16)
}
void launch(P16 *p, Q16 *q) {
  copy_fields<<<64, 256>>>(p, p);
  copy_whole<<<64, 256>>>(q, q);
}
