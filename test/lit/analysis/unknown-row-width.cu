// No launch gives the row width: the lanes are contiguous whatever it is, so
// the pattern is definite. The count is the aligned case's, with the range
// over the widths tried and the condition for the ideal.
// RUN: %cc --show-all --format=json %s | %filecheck %s
__global__ void tile16(const float *a, float *o, int width) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  o[y * width + x] = a[y * width + x];
}
void launch(const float *a, float *o, int w) { tile16<<<dim3(8, 8), dim3(16, 16)>>>(a, o, w); }
// CHECK: "line": 8,
// CHECK-NEXT: "column": 22,
// CHECK: "pattern": "coalesced",
// CHECK-NEXT: "sectors_per_request": 4,
// CHECK: "condition": "coalesced iff width % 8 == 0",
// CHECK-NEXT: "alignment_assumed": true,
// CHECK-NEXT: "flagged": false,
// CHECK: "width unknown: the same pattern for every value in 32..95, at 4 to 5.{{[0-9]+}} sectors/request; the count is for multiples of 32"
