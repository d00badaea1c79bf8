// A guarded assignment to a local, a value for later, is branched around
// rather than predicated (measured on an H200, runtime-bench 36_guards):
// only warp 0 issues the load, 8 lanes, 1 sector. A guarded store to memory
// in the same place was predicated there (every warp issues it, 1 sector in
// 8) and branched around in public code (cuda-samples' clock, H100): the
// range, 0.125 to 1.
// RUN: %cc --show-all --format=json %s | %filecheck %s
__global__ void local_value(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0;
  if (threadIdx.x < 8)
    v = in[i];
  out[i] = v;
}
__global__ void store(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 8)
    out[i + 100000] = 1.0f;
  out[i] = in[i];
}
void launch(float *o, const float *a) {
  local_value<<<1024, 256>>>(o, a);
  store<<<1024, 256>>>(o, a);
}
// CHECK:      "expression": "in[i]",
// CHECK:      "sectors_per_request": 1,
// CHECK:      "expression": "out[i + 100000]",
// CHECK:      "sectors_per_request": null,
// CHECK-NEXT: "sectors_min": 0.125,
// CHECK-NEXT: "sectors_max": 1,
