// ggml's quantized blocks: 18 bytes (a half scale, 16 bytes of quants); two
// lanes read each quant byte, `(i % 32) / 2`. The lanes' order is not a
// stride, but what they read is one dense run of 16 bytes that straddles a
// sector boundary where it starts past byte 16 of one: misaligned, not
// scattered. Warp w reads from byte 18w + 2; over w mod 16 the start within
// a sector is 2, 20, 6, 24, 10, 28, 14, 0, 18, 4, 22, 8, 26, 12, 30, 16:
// 7 of 16 straddle, 23/16 sectors where 1 would do.
// RUN: %python %inputs/exit-code.py 1 %cc %s | %filecheck %s
struct block_q4_0 {
  unsigned short d;
  unsigned char qs[16];
};
__global__ void dequantize_q4_0(const block_q4_0 *x, float *y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i / 32].qs[(i % 32) / 2];
  // CHECK: dense-run-irregular-order.cu:[[@LINE-1]]:10: warning: misaligned global load from 'x': 1.438 sectors/request where 1 would do (69.6% efficiency)
}
void launch(const block_q4_0 *x, float *y) { dequantize_q4_0<<<64, 256>>>(x, y); }
