// `o[t] = a[t]` of float4 goes through the implicit copy assignment: the
// store and the load of the whole 16-byte element (one LDG.128, one STG.128:
// 512 contiguous bytes per warp, 16 sectors, as the float4 row of the
// measured table).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void copy4(float4 *o, const float4 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t];
  // CHECK: float4-copy-assignment.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a': 16 sectors/request (ideal 16)
  // CHECK: float4-copy-assignment.cu:[[@LINE-2]]:3: remark: coalesced global store to 'o': 16 sectors/request (ideal 16)
}
void launch(float4 *a) { copy4<<<64, 256>>>(a, a); }
