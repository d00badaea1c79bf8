// Lanes that read one word are served together. Measured on an H200
// (38_shared_banks2 sh_broadcast): s[0] and s[t / 32] take 1 wavefront;
// two words of one bank, (t / 16 % 2) * 32, take 2.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void broadcast(float *out, const float *in) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float a = s[0];
  // CHECK: broadcast.cu:[[@LINE-1]]:13: remark: broadcast shared load from 's': 1 wavefronts/request, the lanes of a warp row read one word
  float b = s[t / 32];
  // CHECK: broadcast.cu:[[@LINE-1]]:13: remark: broadcast shared load from 's': 1 wavefronts/request
  float c = s[(t / 16 % 2) * 32];
  // CHECK: broadcast.cu:[[@LINE-1]]:13: warning: bank-conflict shared load from 's': 2 wavefronts/request where 1 would do (2-way bank conflict)
  out[blockIdx.x * 256 + t] = a + b + c;
}
void launch(float *out, const float *in) { broadcast<<<1024, 256>>>(out, in); }
