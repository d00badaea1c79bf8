// Subscripts of multi-dimensional arrays: a pointer to rows of 64 floats
// walked down a column.
// RUN: not %cc %s | %filecheck %s
__global__ void grid2d(float (*m)[64], float *o) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float v = m[r][blockIdx.y];
  // CHECK: multidim-arrays.cu:[[@LINE-1]]:13: warning: strided global load from 'm': 32 sectors/request where 4 would do (12.5% efficiency)
  // CHECK: lanes 0 and 1 are 256 bytes apart
  o[r] = v;
}
void launch(float (*m)[64], float *o) { grid2d<<<dim3(4, 64), 256>>>(m, o); }
