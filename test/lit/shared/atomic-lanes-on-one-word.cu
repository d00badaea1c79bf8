// One ATOMS serves the lanes that ask for one word of shared memory one
// after another: `atomicExch(&s[0], v)` and `atomicDec(&s[0], n)` took 32
// wavefronts a request on an H100 (runtime-bench 47_shared_atomics,
// 2026-12-07). An add, min, max, and, or or xor of 32-bit integers at an
// address the same in every lane is one wavefront: nvcc combines the warp's
// operands and one lane issues it (`@P0 ATOMS.ADD [UR4]`). ATOMS.CAS carries
// the compare and the new value: 4 wavefronts where a store to the same
// words takes 2. Each priced as one plain pass before (1, 1 and 2).
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void words(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[512];
  int t = threadIdx.x;
  s[t] = 0u;
  s[256 + t] = 0u;
  __syncthreads();
  unsigned v = in[blockIdx.x * 256 + t];
  atomicExch(&s[0], v);
  // CHECK: atomic-lanes-on-one-word.cu:[[@LINE-1]]:{{[0-9]+}}: warning: bank-conflict shared atomic to 's': 32 wavefronts/request where 1 would do (32-way bank conflict)
  atomicDec(&s[0], 1000u);
  // CHECK: atomic-lanes-on-one-word.cu:[[@LINE-1]]:{{[0-9]+}}: warning: bank-conflict shared atomic to 's': 32 wavefronts/request where 1 would do (32-way bank conflict)
  atomicAdd(&s[0], v);
  // CHECK: atomic-lanes-on-one-word.cu:[[@LINE-1]]:{{[0-9]+}}: remark: broadcast shared atomic to 's': 1 wavefronts/request
  atomicExch(&s[t], v);
  // CHECK: atomic-lanes-on-one-word.cu:[[@LINE-1]]:{{[0-9]+}}: remark: conflict-free shared atomic to 's': 1 wavefronts/request (ideal 1)
  // Lanes l and l + 16 ask bank 2l mod 32 for two words: 2 a pass.
  atomicCAS(&s[2 * t], v, v + 1u);
  // CHECK: atomic-lanes-on-one-word.cu:[[@LINE-1]]:{{[0-9]+}}: warning: bank-conflict shared atomic to 's': 4 wavefronts/request where 2 would do (2-way bank conflict)
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[t];
}

// A __half or __nv_bfloat16 add is a load and a loop of compare-and-swap on
// the 32-bit word around the element (ATOM.E.CAS through a generic
// address), whose lanes on one word are also served one after another:
// measured 2 (a word each), 3 (two lanes a word) and 56.6 (every lane one
// word) wavefronts a request; the loads, in the loop too, 1.
#include <cuda_fp16.h>
__global__ void halves(__half *out, const __half *in) {
  __shared__ __half h[512];
  int t = threadIdx.x;
  h[t] = __float2half(0.0f);
  h[256 + t] = __float2half(0.0f);
  __syncthreads();
  __half v = in[blockIdx.x * 256 + t];
  atomicAdd(&h[2 * t], v);
  // CHECK: atomic-lanes-on-one-word.cu:[[@LINE-1]]:{{[0-9]+}}: remark: conflict-free shared atomic to 'h': 2 wavefronts/request (ideal 2)
  atomicAdd(&h[t], v);
  // CHECK: atomic-lanes-on-one-word.cu:[[@LINE-1]]:{{[0-9]+}}: warning: bank-conflict shared atomic to 'h': 2 to 4 wavefronts/request
  atomicAdd(&h[0], v);
  // CHECK: atomic-lanes-on-one-word.cu:[[@LINE-1]]:{{[0-9]+}}: warning: bank-conflict shared atomic to 'h': 2 to 64 wavefronts/request
  __syncthreads();
  out[blockIdx.x * 256 + t] = h[t];
}
void launch(unsigned *o, const unsigned *in, __half *ho, const __half *hi) {
  words<<<512, 256>>>(o, in);
  halves<<<512, 256>>>(ho, hi);
}
