// What nvcc's front end only warns about (narrowing in braces, C++17's
// removed `register`) does not stop the analysis.
// RUN: %python %inputs/exit-code.py 1 %cc %s 2> %t.err | %filecheck %s
// RUN: count 0 < %t.err
__global__ void k(const float *a, float *o, double scale) {
  register int t = blockIdx.x * blockDim.x + threadIdx.x;
  int s[1] = {scale};
  o[t] = a[2 * t] * s[0];
  // CHECK: nvcc-warnings.cu:[[@LINE-1]]:10: warning: strided global load from 'a'
}
void launch(const float *a, float *o) { k<<<64, 256>>>(a, o, 2.0); }
