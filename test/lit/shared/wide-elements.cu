// 8-byte lanes are served a half warp at a time, 16-byte lanes a quarter
// warp at a time; two parts that each read one address share a pass.
// Measured on an H200 (38_shared_banks2 sh_double, sh_float4,
// sh_wide_phases): d[t] 2, d[t * 2] 4, d[t % 16] 2, d[t / 16] 1; f[t] 4,
// f[t * 2] 8, f[t % 8] 4, f[t / 8] 2, f[0] 2.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void wide(float *out, const float4 *in4, const double *in8) {
  __shared__ double d[512];
  __shared__ float4 f[512];
  int t = threadIdx.x;
  d[t] = in8[blockIdx.x * 256 + t];
  // CHECK: wide-elements.cu:[[@LINE-1]]:3: remark: conflict-free shared store to 'd': 2 wavefronts/request (ideal 2)
  f[t] = in4[blockIdx.x * 256 + t];
  // CHECK: wide-elements.cu:[[@LINE-1]]:3: remark: conflict-free shared store to 'f': 4 wavefronts/request (ideal 4)
  __syncthreads();
  double a = d[t * 2];
  // CHECK: wide-elements.cu:[[@LINE-1]]:14: warning: bank-conflict shared load from 'd': 4 wavefronts/request where 2 would do
  double b = d[t % 16];
  // CHECK: wide-elements.cu:[[@LINE-1]]:14: remark: conflict-free shared load from 'd': 2 wavefronts/request (ideal 2)
  double c = d[t / 16];
  // CHECK: wide-elements.cu:[[@LINE-1]]:14: remark: conflict-free shared load from 'd': 1 wavefronts/request (ideal 1)
  float4 e = f[t * 2];
  // CHECK: wide-elements.cu:[[@LINE-1]]:14: warning: bank-conflict shared load from 'f': 8 wavefronts/request where 4 would do
  float4 g = f[t % 8];
  // CHECK: wide-elements.cu:[[@LINE-1]]:14: remark: conflict-free shared load from 'f': 4 wavefronts/request (ideal 4)
  float4 h = f[t / 8];
  // CHECK: wide-elements.cu:[[@LINE-1]]:14: remark: conflict-free shared load from 'f': 2 wavefronts/request (ideal 2)
  float4 k = f[0];
  // CHECK: wide-elements.cu:[[@LINE-1]]:14: remark: broadcast shared load from 'f': 2 wavefronts/request
  out[blockIdx.x * 256 + t] = (float)(a + b + c) + e.x + e.y + e.z + e.w + g.x +
                              g.y + g.z + g.w + h.x + h.y + h.z + h.w + k.x +
                              k.y + k.z + k.w;
}
void launch(float *out, const float4 *in4, const double *in8) {
  wide<<<1024, 256>>>(out, in4, in8);
}
