// Subscripts of multi-dimensional arrays: a pointer to rows of 64 floats
// walked down a column.
__global__ void grid2d(float (*m)[64], float *o) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float v = m[r][blockIdx.y];
  o[r] = v;
}
void launch(float (*m)[64], float *o) { grid2d<<<dim3(4, 64), 256>>>(m, o); }
