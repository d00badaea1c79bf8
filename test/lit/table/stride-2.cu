// a[2*t]: an 8-byte stride uses half of every sector.
// RUN: not %cc %s | %filecheck %s
__global__ void every_other(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[2 * t];
  // CHECK: stride-2.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 8 sectors/request where 4 would do (50% efficiency)
  // CHECK: lanes 0 and 1 are 8 bytes apart; {{.*}}128-byte segments per request: 2
}
void launch(const float *a, float *o) { every_other<<<4096, 256>>>(a, o); }
