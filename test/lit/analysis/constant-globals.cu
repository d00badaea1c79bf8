// constexpr and const globals are constants, not loads from memory.
// RUN: not %cc --show-all %s | %filecheck %s --implicit-check-not="from 'TILE'"
constexpr int TILE = 32;
const int ROWS = 8;
enum { PAD = 1 };
__global__ void k(const float *in, float *out, int n) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[x * n + y + j + PAD] = in[(y + j) * n + x];
  // CHECK: constant-globals.cu:[[@LINE-1]]:5: warning: strided global store to 'out': 32 sectors/request
  // CHECK: index 32*blockIdx.x*n + threadIdx.x*n + 32*blockIdx.y + 8*iter(j) + threadIdx.y + 1 (4-byte elements)
}
void launch(const float *in, float *out) { k<<<dim3(64, 64), dim3(32, 8)>>>(in, out, 2048); }
