// Every field of a 16-byte struct of 4-byte alignment is used, each by its
// own load: AoS is fine, load it whole (and give the struct the alignment
// that lets that be one instruction). Measured on an H200
// (runtime-bench/kernels/33_fix_kinds.cu quad_fields_a4): four LDG.E of 16
// sectors/request each.
// RUN: not %cc --show-all %s | %filecheck %s
struct Quad4 { float a, b, c, d; };
__global__ void sum(const Quad4 *q, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = q[i].a;
  // CHECK: whole-struct-load.cu:[[@LINE-1]]:13: warning: strided global load from 'q': 16 sectors/request
  // CHECK: note: fix (whole-struct-load): every field of 'Quad4' is used, so array-of-structs is fine: load each struct whole with one 16-byte (float4) load (give the struct __align__(16) so the load can be one instruction); after the fix: 16 sectors/request
  s += q[i].b + q[i].c + q[i].d;
  // Each field alone: lanes 16 bytes apart.
  // CHECK: whole-struct-load.cu:[[@LINE-2]]:8: warning: strided global load from 'q': 16 sectors/request where 4 would do (25% efficiency)
  // CHECK: whole-struct-load.cu:[[@LINE-3]]:17: warning: strided global load from 'q': 16 sectors/request where 4 would do (25% efficiency)
  // CHECK: whole-struct-load.cu:[[@LINE-4]]:26: warning: strided global load from 'q': 16 sectors/request where 4 would do (25% efficiency)
  out[i] = s;
}
void launch(const Quad4 *q, float *o) { sum<<<256, 256>>>(q, o); }
