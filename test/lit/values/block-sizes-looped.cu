// The block sizes a program checks its kernel with, from an array it loops
// over: each size is a launch of its own (grid: ceil_div through a helper).
// 8-byte elements, so a warp moves 256 bytes whatever the size: 8 sectors.
// RUN: %cc --show-all %s | %filecheck %s
template <class T> T ceil_div(T a, T b) { return (a + b - 1) / b; }
__global__ void scale(double *out, const double *inp, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2.0 * inp[i];
}
// CHECK-COUNT-2: remark: coalesced global {{load from 'inp'|store to 'out'}}: 8 sectors/request (ideal 8)
// CHECK: note: block (32,1,1) from the launch at {{.*}}block-sizes-looped.cu:[[@LINE+4]]:3
// CHECK: note: the same access in 2 other kernel instances, launches or calls: 'scale' (block (64,1,1) from the launch at {{.*}}block-sizes-looped.cu:[[@LINE+3]]:3): 8 sectors/request; 'scale' (block (1024,1,1) from the launch at {{.*}}block-sizes-looped.cu:[[@LINE+3]]:3): 8 sectors/request{{$}}
// CHECK-NOT: assumed block
void scale_forward(double *out, const double *inp, int n, int block_size) {
  scale<<<ceil_div(n, block_size), block_size>>>(out, inp, n);
}
int main() {
  double *d_out = nullptr, *d_inp = nullptr;
  int block_sizes[] = {32, 64, 1024};
  for (int j = 0; j < sizeof(block_sizes) / sizeof(int); j++) {
    int block_size = block_sizes[j];
    scale_forward(d_out, d_inp, 1 << 20, block_size);
  }
}
