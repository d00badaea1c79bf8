// `extern __shared__` arrays sized at the launch are priced the same way;
// the padding offered for a flat array inserts a word every 32. Measured on
// an H200 (38_shared_banks2 dyn_shared): (t % 32) * 33 + t / 32 1
// wavefront, (t % 32) * 32 + t / 32 32.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void dyn(float *out, const float *in) {
  extern __shared__ float d[];
  int t = threadIdx.x;
  for (int k = 0; k < 5; ++k)
    d[k * 256 + t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float a = d[(t % 32) * 33 + t / 32];
  // CHECK: dynamic-shared.cu:[[@LINE-1]]:13: remark: conflict-free shared load from 'd': 1 wavefronts/request (ideal 1)
  float b = d[(t % 32) * 32 + t / 32];
  // CHECK: dynamic-shared.cu:[[@LINE-1]]:13: warning: bank-conflict shared load from 'd': 32 wavefronts/request where 1 would do (32-way bank conflict)
  // CHECK: note: fix (pad-shared): pad 'd': index it as `d[i + i / 32]` in every access {{.*}}after the fix: 1 wavefronts/request, 32x fewer
  out[blockIdx.x * 256 + t] = a + b;
}
void launch(float *out, const float *in) {
  dyn<<<1024, 256, 5120>>>(out, in);
}
