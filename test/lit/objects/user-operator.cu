// The program's own operator on a 12-byte struct reads the fields of both
// operands in memory (lanes 12 bytes apart: 12 sectors for 128 bytes).
// RUN: not %cc --show-all %s | %filecheck %s
struct V3 { float x, y, z; };
__device__ V3 operator-(const V3 &a, const V3 &b) {
  return V3{a.x - b.x, a.y - b.y, a.z - b.z};
  // CHECK-COUNT-6: user-operator.cu:[[@LINE-1]]:{{[0-9]+}}: warning: strided global load from '{{p|q}}': 12 sectors/request where 4 would do (33.3% efficiency)
}
__global__ void diff(V3 *o, const V3 *p, const V3 *q) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = p[t] - q[t];
  // CHECK: user-operator.cu:[[@LINE-1]]:3: warning: strided global store to 'o': 12 sectors/request where 4 would do (33.3% efficiency)
}
void launch(V3 *v) { diff<<<64, 256>>>(v, v, v); }
