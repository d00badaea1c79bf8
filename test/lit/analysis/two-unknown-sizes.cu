// With two unknown row widths the range includes the case where both are
// multiples of 8 floats: then the access is ideal, so it is not flagged.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | FileCheck %s
__global__ void k(float *d, int w, int wh) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  d[threadIdx.z * wh + threadIdx.y * w + x] = 1.0f;
  // CHECK: two-unknown-sizes.cu:[[@LINE-1]]:3: remark: global store to 'd' depends on values not known here: 4 to {{[0-9.]+}} sectors/request where 4 would do
}
void launch(float *d, int w, int wh) { k<<<64, dim3(32, 4, 2)>>>(d, w, wh); }
