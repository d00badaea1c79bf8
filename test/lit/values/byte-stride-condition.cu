// ggml's copy kernels step by a byte stride (nb00) that is the element's
// size in practice. Known only at run time it gives the range and the
// condition, not a definite "strided": over the strides tried (1, 2 and 4
// bytes, 32..95), 32 lanes of 4 bytes touch 2 sectors at 1 byte apart and
// 35 at most (loads that straddle sectors); 4 where the stride is at most
// the element's 4 bytes.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void cpy_f32_f32(const char *cx, char *cdst, const int ne,
                            const int nb00) {
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i >= ne)
    return;
  const float *x = (const float *)(cx + i * nb00);
  float *dst = (float *)(cdst + i * 4);
  *dst = *x;
  // CHECK: byte-stride-condition.cu:[[@LINE-1]]:10: remark: global load from 'cx' depends on values not known here: 1 to 35 sectors/request where 4 would do; coalesced iff nb00 <= 4
  // CHECK: byte-stride-condition.cu:[[@LINE-2]]:3: remark: coalesced global store to 'cdst'
}
void launch(const char *x, char *dst, int ne, int nb00) {
  cpy_f32_f32<<<(ne + 255) / 256, 256>>>(x, dst, ne, nb00);
}
