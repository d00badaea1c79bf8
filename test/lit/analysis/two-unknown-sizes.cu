// With two unknown row widths the lanes stay contiguous: the count is the one
// with both widths multiples of 32, where the access is ideal, so it is not
// flagged.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s
__global__ void k(float *d, int w, int wh) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  d[threadIdx.z * wh + threadIdx.y * w + x] = 1.0f;
  // CHECK: two-unknown-sizes.cu:[[@LINE-1]]:3: remark: coalesced global store to 'd': 4 sectors/request (ideal 4)
  // CHECK: note: w, wh unknown: the same pattern for every value in 0..95 and larger ones up to 2^30, at 4 to {{[0-9.]+}} sectors/request; the count is for multiples of 32
}
void launch(float *d, int w, int wh) { k<<<64, dim3(32, 4, 2)>>>(d, w, wh); }
