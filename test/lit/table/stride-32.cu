// a[32*t]: a stride of 128 bytes gives every lane a sector of its own.
// RUN: not %cc %s | %filecheck %s
__global__ void strided(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[32 * t];
  // CHECK: stride-32.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 32 sectors/request where 4 would do (12.5% efficiency)
  // CHECK: lanes 0 and 1 are 128 bytes apart; {{.*}}128-byte segments per request: 32
}
void launch(const float *a, float *o) { strided<<<1024, 256>>>(a, o); }
