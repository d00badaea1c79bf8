// cuda_fp16's operators take their operands by reference: `h[t] * w[t]`
// loads both (2 bytes a lane, 2 sectors a warp); __hadd2 takes copies.
// RUN: %cc --show-all %s | %filecheck %s
#include <cuda_fp16.h>
__global__ void mul(__half *o, const __half *h, const __half *w) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = h[t] * w[t];
  // CHECK: half-operators.cu:[[@LINE-1]]:10: remark: coalesced global load from 'h': 2 sectors/request (ideal 2)
  // CHECK: half-operators.cu:[[@LINE-2]]:17: remark: coalesced global load from 'w': 2 sectors/request (ideal 2)
  // CHECK: half-operators.cu:[[@LINE-3]]:3: remark: coalesced global store to 'o': 2 sectors/request (ideal 2)
}
__global__ void add2(__half2 *o, const __half2 *a, const __half2 *b) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = __hadd2(a[t], b[t]);
  // CHECK: half-operators.cu:[[@LINE-1]]:18: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: half-operators.cu:[[@LINE-2]]:24: remark: coalesced global load from 'b': 4 sectors/request (ideal 4)
  // CHECK: half-operators.cu:[[@LINE-3]]:3: remark: coalesced global store to 'o': 4 sectors/request (ideal 4)
}
void launch(__half *h, __half2 *h2) {
  mul<<<64, 256>>>(h, h, h);
  add2<<<64, 256>>>(h2, h2, h2);
}
