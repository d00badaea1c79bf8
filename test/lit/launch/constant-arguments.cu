// A constant kernel argument at the launch fixes an otherwise unknown stride;
// two launches with different values are two predictions.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void strided(const float *a, float *o, int stride) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t * stride];
  // CHECK: constant-arguments.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: constant-arguments.cu:[[@LINE-2]]:10: warning: strided global load from 'a': 16 sectors/request where 4 would do (25% efficiency)
}
void launch(const float *a, float *o) {
  strided<<<64, 256>>>(a, o, 1);
  const int four = 4;
  strided<<<64, 256>>>(a, o, four);
}
