// Every field of a 16-byte struct is used: AoS is fine, load it whole.
// RUN: not %cc --show-all %s | %filecheck %s
struct __align__(16) Quad { float a, b, c, d; };
__global__ void sum(const Quad *q, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = q[i].a;
  // CHECK: whole-struct-load.cu:[[@LINE-1]]:13: warning: strided global load from 'q': 16 sectors/request
  // CHECK: note: fix (whole-struct-load): every field of 'Quad' is used, so array-of-structs is fine: load each struct whole with one 16-byte (float4) load (give the struct __align__(16) so the load can be one instruction); after the fix: 16 sectors/request
  s += q[i].b + q[i].c + q[i].d;
  // Each field alone: lanes 16 bytes apart.
  // CHECK: whole-struct-load.cu:[[@LINE-2]]:8: warning: strided global load from 'q': 16 sectors/request where 4 would do (25% efficiency)
  // CHECK: whole-struct-load.cu:[[@LINE-3]]:17: warning: strided global load from 'q': 16 sectors/request where 4 would do (25% efficiency)
  // CHECK: whole-struct-load.cu:[[@LINE-4]]:26: warning: strided global load from 'q': 16 sectors/request where 4 would do (25% efficiency)
  out[i] = s;
}
__global__ void sum_whole(const Quad *q, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Quad v = q[i];
  // CHECK: whole-struct-load.cu:[[@LINE-1]]:12: remark: coalesced global load from 'q': 16 sectors/request
  out[i] = v.a + v.b + v.c + v.d;
}
void launch(const Quad *q, float *o) {
  sum<<<256, 256>>>(q, o);
  sum_whole<<<256, 256>>>(q, o);
}
