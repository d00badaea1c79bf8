// reinterpret_cast to a vector type widens each lane's access.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void vec(const float *a, const float *b, const float *c, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(a)[t];
  // CHECK: vector-casts.cu:[[@LINE-1]]:14: remark: coalesced global load from 'a': 16 sectors/request (ideal 16)
  double2 w = reinterpret_cast<const double2 *>(b)[t];
  // CHECK: vector-casts.cu:[[@LINE-1]]:15: remark: coalesced global load from 'b': 16 sectors/request (ideal 16)
  float2 u = ((const float2 *)c)[t];
  // CHECK: vector-casts.cu:[[@LINE-1]]:14: remark: coalesced global load from 'c': 8 sectors/request (ideal 8)
  o[t] = v.x + (float)w.x + u.y;
}
void launch(const float *a, const float *b, const float *c, float *o) {
  vec<<<64, 256>>>(a, b, c, o);
}
