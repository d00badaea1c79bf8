// A size the analysis does not know may be larger than the launch's
// threads: `min(i, n - 1)` over 64 blocks of 256 lets every lane read its
// own element only at n >= 16384, so the range reaches the coalesced 4
// sectors (the sizes tried stopped at 4096 before: 1 to 1.917 was given).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void clamp_to_size(const float *a, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = a[min(i, n - 1)];
  // CHECK: unknown-size-past-the-grid.cu:[[@LINE-1]]:10: remark: global load from 'a' depends on values not known here: 1 to 4 sectors/request
}

void launch(const float *a, float *o, int n) {
  clamp_to_size<<<64, 256>>>(a, o, n);
}
