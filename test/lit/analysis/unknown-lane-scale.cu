// A size that decides whether lanes are contiguous or spread gives no one
// pattern: unknown, with the range over the values tried, and not flagged.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s
__global__ void k(float *d, int w) {
  d[threadIdx.x * w / 32] = 1.0f;
  // CHECK: unknown-lane-scale.cu:[[@LINE-1]]:3: remark: global store to 'd' depends on values not known here: 1 to 32 sectors/request where 4 would do
}
void launch(float *d, int w) { k<<<64, 32>>>(d, w); }
