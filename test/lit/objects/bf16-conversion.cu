// llm.c's kernels read bf16 through its conversion to float: `float x =
// inp[i]` is a 2-byte load (64 bytes per warp, 2 sectors), as is `(float)`.
// RUN: %cc --show-all %s | %filecheck %s
#include <cuda_bf16.h>
typedef __nv_bfloat16 floatX;
__global__ void gelu_like(float *out, const floatX *inp, const floatX *w,
                          int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    float xi = inp[i];
    // CHECK: bf16-conversion.cu:[[@LINE-1]]:16: remark: coalesced global load from 'inp': 2 sectors/request (ideal 2)
    out[i] = (float)w[i] * xi;
    // CHECK: bf16-conversion.cu:[[@LINE-1]]:21: remark: coalesced global load from 'w': 2 sectors/request (ideal 2)
    // CHECK: bf16-conversion.cu:[[@LINE-2]]:5: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
  }
}
void launch(float *o, const floatX *i, const floatX *w) {
  gelu_like<<<64, 256>>>(o, i, w, 64 * 256);
}
