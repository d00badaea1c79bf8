// nvcc sinks a load whose value only a guarded statement uses into that
// statement's guard, computed value or not: one lane of a block loads (1
// sector, not the 4 of every lane), in every warp where nvcc predicates the
// store (measured on an H200, runtime-bench 36_guards: 1 sector in one warp
// of eight, 0.125), in one where it branches around it: 0.125 to 1.
// RUN: %cc --show-all --format=json %s | %filecheck %s
__global__ void sunk(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i] * 2.0f;
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
  out[i + 100000] = 0;
}
void launch(float *o, const float *a) { sunk<<<1024, 256>>>(o, a); }
// CHECK:      "expression": "in[i]",
// CHECK:      "sectors_per_request": null,
// CHECK-NEXT: "sectors_min": 0.125,
// CHECK-NEXT: "sectors_max": 1,
