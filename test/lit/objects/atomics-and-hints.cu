// Atomics and cache hints on half, struct members and 16-byte vectors: the
// width is the pointee's.
// RUN: not %cc --show-all %s | %filecheck %s
#include <cuda_fp16.h>
struct Counted { float v; int count; };
__global__ void count(__half *h, Counted *p) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&h[t], __float2half(1.0f));
  // CHECK: atomics-and-hints.cu:[[@LINE-1]]:14: remark: coalesced global atomic to 'h': 2 sectors/request (ideal 2)
  atomicAdd(&p[t].count, 1);
  // CHECK: atomics-and-hints.cu:[[@LINE-1]]:14: warning: strided global atomic to 'p': 8 sectors/request where 4 would do (50% efficiency)
}
__global__ void stream(int4 *o, const int4 *a, float *f, const __half2 *h) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = __ldcs(&a[t]);
  // CHECK: atomics-and-hints.cu:[[@LINE-1]]:20: remark: coalesced global load from 'a': 16 sectors/request (ideal 16)
  __stcs(&o[t], v);
  // CHECK: atomics-and-hints.cu:[[@LINE-1]]:11: remark: coalesced global store to 'o': 16 sectors/request (ideal 16)
  __half2 w = __ldg(&h[t]);
  // CHECK: atomics-and-hints.cu:[[@LINE-1]]:22: remark: coalesced global load from 'h': 4 sectors/request (ideal 4)
  f[t] = __low2float(w);
  // CHECK: atomics-and-hints.cu:[[@LINE-1]]:3: remark: coalesced global store to 'f': 4 sectors/request (ideal 4)
}
void launch(__half *h, Counted *p, int4 *i, float *f, const __half2 *h2) {
  count<<<64, 256>>>(h, p);
  stream<<<64, 256>>>(i, i, f, h2);
}
