// A load whose address reads a value loaded at the trip's index
// (`in[2 * t + offsets[i]]`: ISPASS-2009's NN, `kernelTemplate2[i]`) changes
// with the trip and runs in every trip. Before, the loaded value did not
// count as changing per trip: the load was taken as loaded once before the
// loop, so its line weighed 1 request where the GPU measured 25 (one per
// trip; a uniform load beside it on the line: 5.5 sectors measured, 1.35
// given).
// RUN: not %cc --show-all --format=json %s | FileCheck %s
// RUN: not %cc --show-all %s | FileCheck --check-prefix=TEXT %s
__constant__ int offsets[4] = {0, 1, 32, 33};
__global__ void window(const float *in, float *out) {
  float s = 0;
  for (int i = 0; i < 4; ++i)
    s += in[2 * threadIdx.x + offsets[i]];
  out[threadIdx.x] = s;
}
// One warp, four trips: four requests.
// CHECK: "expression": "in[2 * threadIdx.x + offsets[i]]"
// CHECK: "requests_per_launch": 4,
// TEXT-NOT: nvcc loads it once before the loop
void launch(const float *in, float *out) { window<<<1, 32>>>(in, out); }
