// Accesses written through macros are reported where the macro is used.
// RUN: not %cc %s | %filecheck %s
#define IDX(row, col, width) ((row) * (width) + (col))
#define GID (blockIdx.x * blockDim.x + threadIdx.x)
__global__ void transpose_naive(const float *in, float *out, int n) {
  int y = blockIdx.y;
  out[IDX(GID, y, n)] = in[IDX(y, GID, n)];
  // CHECK: macros.cu:[[@LINE-1]]:3: warning: strided global store to 'out': 32 sectors/request where 4 would do (12.5% efficiency)
}
void launch(const float *in, float *out) { transpose_naive<<<dim3(4, 1024), 256>>>(in, out, 1024); }
