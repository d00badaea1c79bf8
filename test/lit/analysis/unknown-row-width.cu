// No launch gives the row width: the two rows of 16 lanes a warp spans are
// contiguous whatever it is, so the pattern is definite. The count is the
// aligned case's (4 sectors), with the range over every width: 2 where the
// rows fall on each other (width 0: 64 bytes), more than 4 where a row
// starts inside a sector. No condition: the ideal is met at more widths
// than the multiples of 8.
// RUN: %cc --show-all --format=json %s | %filecheck %s
__global__ void tile16(const float *a, float *o, int width) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  o[y * width + x] = a[y * width + x];
}
void launch(const float *a, float *o, int w) { tile16<<<dim3(8, 8), dim3(16, 16)>>>(a, o, w); }
// CHECK: "line": 11,
// CHECK-NEXT: "column": 22,
// CHECK: "pattern": "coalesced",
// CHECK-NEXT: "sectors_per_request": 4,
// CHECK-NOT: "condition"
// CHECK: "alignment_assumed": true,
// CHECK-NEXT: "flagged": false,
// CHECK: "width unknown: the same pattern for every value in 0..95 and larger ones up to 2^30, at 2 to 5.{{[0-9]+}} sectors/request; the count is for multiples of 32"
