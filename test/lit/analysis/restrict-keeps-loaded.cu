// A store through one pointer may change what another pointer read, so the
// read is issued again, unless either pointer is a kernel's __restrict__
// parameter (ggml's dequantize_q5_K reads ql[0] and ql[1] once for four
// stores to y). Checked in nvcc 13's PTX: `unpack` loads twice (ld.global.nc
// at [ql] and [ql+1]), `unpack_may_alias` loads ql[0] for each store.
// RUN: not %cc %s | %filecheck %s
__global__ void unpack(const unsigned char *__restrict__ q,
                       float *__restrict__ y) {
  const unsigned char *ql = q + 2 * threadIdx.x;
  y[0] = ql[0] & 0xF;
  // CHECK: restrict-keeps-loaded.cu:[[@LINE-1]]:10: warning: strided global load from 'q'
  y[1] = ql[1] & 0xF;
  // CHECK: restrict-keeps-loaded.cu:[[@LINE-1]]:10: warning: strided global load from 'q'
  y[32] = ql[0] >> 4;
  y[33] = ql[1] >> 4;
}
__global__ void unpack_may_alias(const unsigned char *q, float *y) {
  const unsigned char *ql = q + 2 * threadIdx.x;
  y[0] = ql[0] & 0xF;
  // CHECK: restrict-keeps-loaded.cu:[[@LINE-1]]:10: warning: strided global load from 'q'
  y[32] = ql[0] >> 4;
  // CHECK: restrict-keeps-loaded.cu:[[@LINE-1]]:11: warning: strided global load from 'q'
}
void launch(const unsigned char *q, float *y) {
  unpack<<<64, 64>>>(q, y);
  unpack_may_alias<<<64, 64>>>(q, y);
}
