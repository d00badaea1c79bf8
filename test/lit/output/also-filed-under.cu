// Instructions nvcc gives no line of its own are filed by the profiler under
// a line nearby; JSON's "also_filed_under" names those lines, so that a tool
// comparing per line (runtime-bench's compare.py) measures them with the
// access. A store both branches of an `if` end with is one store after the
// join whose PTX line is 0 (SASS files its unrolled copies under the loop's
// and the `if`'s lines: runtime-bench 41); the body of a loop nvcc unrolls
// fully may have copies filed under the loop's line (runtime-bench 40: 7 of 8
// copies of a tile load; here nvcc 13 keeps the four on the access's line,
// which the list allows: it says where they may be, not where they are).
// RUN: %python %inputs/exit-code.py 1 %cc --format=json --show-all %s > %t.json
// RUN: FileCheck %s < %t.json
#define COLS 64
__global__ void scale_or_clear(float *a, float s) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float *r = a + row * COLS;
  int bound = row % COLS;
  for (int c = 0; c < COLS; c++) {
    if (c <= bound)
      r[c] *= s;
    // CHECK:      "line": [[#@LINE-1]],
    // CHECK:      "kind": "store",
    // CHECK:      "also_filed_under": [
    // CHECK-NEXT:   [[#@LINE-6]],
    // CHECK-NEXT:   [[#@LINE-6]]
    // CHECK-NEXT: ],
    else
      r[c] = 0.0f;
  }
}

__global__ void rows_of_four(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 4; k++)
    s += in[k * 4096 + i];
  // CHECK:      "line": [[#@LINE-1]],
  // CHECK:      "kind": "load",
  // CHECK:      "also_filed_under": [
  // CHECK-NEXT:   [[#@LINE-5]]
  // CHECK-NEXT: ],
  out[i] = s;
  // The store after the loop is code of its own, on its own line.
  // CHECK:      "line": [[#@LINE-2]],
  // CHECK-NOT:  "also_filed_under"
}

void launch(float *a, const float *in) {
  scale_or_clear<<<64, 256>>>(a, 2.0f);
  rows_of_four<<<16, 256>>>(in, a);
}
