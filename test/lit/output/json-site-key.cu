// The JSON keeps a row per kernel instance; the rows of one access as
// written share its site key, and another access has its own.
// RUN: not %cc --format=json %s | FileCheck %s
template <int Stride>
__global__ void every(float *a, float *b) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * Stride] = b[t * Stride];
}
void go(float *a, float *b) {
  every<4><<<64, 256>>>(a, b);
  every<8><<<64, 256>>>(a, b);
}
// CHECK: "line": 7,
// CHECK-NEXT: "column": 19,
// CHECK-NEXT: "site": "{{.*}}json-site-key.cu:7:19|load|global",
// CHECK-NEXT: "kernel": "every<4>",
// CHECK: "line": 7,
// CHECK-NEXT: "column": 3,
// CHECK-NEXT: "site": "{{.*}}json-site-key.cu:7:3|store|global",
// CHECK-NEXT: "kernel": "every<4>",
// CHECK: "line": 7,
// CHECK-NEXT: "column": 19,
// CHECK-NEXT: "site": "{{.*}}json-site-key.cu:7:19|load|global",
// CHECK-NEXT: "kernel": "every<8>",
// CHECK: "line": 7,
// CHECK-NEXT: "column": 3,
// CHECK-NEXT: "site": "{{.*}}json-site-key.cu:7:3|store|global",
// CHECK-NEXT: "kernel": "every<8>",
