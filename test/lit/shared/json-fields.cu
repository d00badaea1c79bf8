// --format=json: shared accesses carry "space": "shared" and wavefronts,
// global ones "space": "global" and the sector fields they always had.
// RUN: not %cc --format=json %s > %t.json
// RUN: %python %inputs/check-json-shape.py %t.json 4
// RUN: FileCheck %s < %t.json
__global__ void k(const float *a, float *o) {
  __shared__ float s[32][32];
  s[threadIdx.x][0] = a[blockIdx.x * 32 + threadIdx.x];
  __syncthreads();
  o[blockIdx.x * 32 + threadIdx.x] = s[0][threadIdx.x];
}
void launch(const float *a, float *o) { k<<<64, 32>>>(a, o); }
// CHECK:      "expression": "a[blockIdx.x * 32 + threadIdx.x]",
// CHECK:      "space": "global",
// CHECK-NEXT: "pattern": "coalesced",
// CHECK-NEXT: "sectors_per_request": 4,
// CHECK:      "expression": "s[threadIdx.x][0]",
// CHECK:      "space": "shared",
// CHECK-NEXT: "pattern": "bank-conflict",
// CHECK-NEXT: "wavefronts_per_request": 32,
// CHECK-NEXT: "wavefronts_min": 32,
// CHECK-NEXT: "wavefronts_max": 32,
// CHECK-NEXT: "ideal_wavefronts_per_request": 1,
// CHECK-NEXT: "conflict_ways": 32,
// CHECK:      "kind": "pad-shared",
// CHECK:      "predicted_wavefronts_per_request": 1,
