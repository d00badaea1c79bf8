// Bytes and halves share 4-byte words: lanes in one word are served
// together. Measured on an H200 (38_shared_banks2 sh_char, sh_short):
// c[t * 4] 1 wavefront, s[t * 2] 1, s[t * 4] 2.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void narrow(int *out, const unsigned char *in8, const short *in16) {
  __shared__ unsigned char c[1024];
  __shared__ short s[1024];
  int t = threadIdx.x;
  c[t] = in8[blockIdx.x * 256 + t];
  s[t] = in16[blockIdx.x * 256 + t];
  __syncthreads();
  int a = c[t * 4];
  // CHECK: sub-word.cu:[[@LINE-1]]:11: remark: conflict-free shared load from 'c': 1 wavefronts/request (ideal 1)
  int b = s[t * 2];
  // CHECK: sub-word.cu:[[@LINE-1]]:11: remark: conflict-free shared load from 's': 1 wavefronts/request (ideal 1)
  int d = s[t * 4];
  // CHECK: sub-word.cu:[[@LINE-1]]:11: warning: bank-conflict shared load from 's': 2 wavefronts/request where 1 would do
  out[blockIdx.x * 256 + t] = a + b + d;
}
void launch(int *out, const unsigned char *in8, const short *in16) {
  narrow<<<1024, 256>>>(out, in8, in16);
}
