// Accesses written through macros are reported where the macro is used.
#define IDX(row, col, width) ((row) * (width) + (col))
#define GID (blockIdx.x * blockDim.x + threadIdx.x)
__global__ void transpose_naive(const float *in, float *out, int n) {
  int y = blockIdx.y;
  out[IDX(GID, y, n)] = in[IDX(y, GID, n)];
}
void launch(const float *in, float *out) { transpose_naive<<<dim3(4, 1024), 256>>>(in, out, 1024); }
