// Without a launch the grid is not known: neither is the traffic per
// launch (null), though the count per request is, and a block's requests
// (8 warps of the assumed block, one each: what weighs the accesses of a
// line against each other in verify).
// RUN: not %cc --format=json %s | FileCheck %s
__global__ void k(const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = a[2 * t];
}
// CHECK:      "expression": "a[2 * t]",
// CHECK:      "sectors_per_request": 8,
// CHECK:      "requests_per_block": 8,
// CHECK-NEXT: "requests_per_launch": null,
// CHECK-NEXT: "sectors_per_launch": null,
