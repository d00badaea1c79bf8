// --format=json leaves silenced findings out and counts them in
// "suppressed"; --show-all does not bring them back. NOLINT silences
// warnings: the coalesced store on the same line stays.
// RUN: %python %inputs/exit-code.py 0 %cc --format=json --show-all %s > %t.json
// RUN: %python %inputs/check-json-shape.py %t.json 1
// RUN: FileCheck %s < %t.json
__global__ void k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[2 * t]; // NOLINT
}
void go(const float *a, float *o) { k<<<64, 256>>>(a, o); }
// CHECK:     "expression": "o[t]"
// CHECK-NOT: "expression": "a[2 * t]"
// CHECK:     "suppressed": 1
