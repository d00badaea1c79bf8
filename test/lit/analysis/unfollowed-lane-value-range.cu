// A per-lane value the walk does not follow leaves the lanes' addresses
// unknown: no count, and the range that holds for any addresses (docs/
// model.md, the contract, point 2): one sector (every lane at one float) to
// one a lane (32), where 32 contiguous floats need 4. Not "0..0", which
// would say no lane reaches the access.
// RUN: %cc --show-all --format=json %s | %filecheck %s
__global__ void carried(const float *in, float *out, int steps) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int s = t;
  for (int k = 0; k < steps; ++k)
    s = (s * 5 + 1) & 1023;
  out[t] = in[s];
}
// CHECK: "expression": "in[s]",
// CHECK: "pattern": "unknown",
// CHECK-NEXT: "sectors_per_request": null,
// CHECK-NEXT: "sectors_min": 1,
// CHECK-NEXT: "sectors_max": 32,
// CHECK-NEXT: "ideal_sectors_per_request": 4,
void launch(const float *in, float *out) { carried<<<64, 256>>>(in, out, 8); }
