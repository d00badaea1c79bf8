// --format=json: one entry per access with the documented fields and types.
// RUN: not %cc --format=json %s > %t.json
// RUN: %python %inputs/check-json-shape.py %t.json 3
// RUN: FileCheck %s < %t.json
__global__ void k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t + 1] + a[t];
}
void launch(const float *a, float *o) { k<<<64, 256>>>(a, o); }
// CHECK:      "file": "{{.*}}json-shape.cu",
// CHECK-NEXT: "line": 7,
// CHECK-NEXT: "column": 10,
// CHECK-NEXT: "site": "{{.*}}json-shape.cu:7:10|load|global",
// CHECK-NEXT: "kernel": "k",
// CHECK-NEXT: "function": "k",
// CHECK-NEXT: "kind": "load",
// CHECK-NEXT: "expression": "a[t + 1]",
// CHECK-NEXT: "index": "blockIdx.x*blockDim.x + threadIdx.x + 1",
// CHECK:      "pattern": "misaligned",
// CHECK-NEXT: "sectors_per_request": 5,
// CHECK:      "ideal_sectors_per_request": 4,
// CHECK-NEXT: "segments_per_request": 2,
// CHECK-NEXT: "efficiency": 0.8,
// CHECK:      "kind": "store",
