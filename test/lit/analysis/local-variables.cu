// Locals are followed through every assignment, compound ones too.
// RUN: not %cc %s | %filecheck %s
__global__ void locals(const float *a, float *o) {
  int i = threadIdx.x;
  i *= 4;
  i += blockIdx.x * 1024;
  int j = i;
  j -= 3;
  j = j + 3;
  float v = a[j];
  // CHECK: local-variables.cu:[[@LINE-1]]:13: warning: strided global load from 'a': 16 sectors/request where 4 would do (25% efficiency)
  // CHECK: index 1024*blockIdx.x + 4*threadIdx.x (4-byte elements)
  o[blockIdx.x * 256 + threadIdx.x] = v;
}
void launch(const float *a, float *o) { locals<<<64, 256>>>(a, o); }
