// No launch gives the row width: the prediction is a range and the condition
// under which the access is coalesced, not a guess.
// RUN: %cc --show-all --format=json %s | FileCheck %s
__global__ void tile16(const float *a, float *o, int width) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  o[y * width + x] = a[y * width + x];
}
void launch(const float *a, float *o, int w) { tile16<<<dim3(8, 8), dim3(16, 16)>>>(a, o, w); }
// CHECK: "line": 7,
// CHECK-NEXT: "column": 22,
// CHECK: "pattern": "unknown",
// CHECK-NEXT: "sectors_per_request": null,
// CHECK-NEXT: "sectors_min": 4,
// CHECK: "condition": "coalesced iff width % 8 == 0",
