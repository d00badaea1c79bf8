// Requests per launch count every trip of the loops around an access, and
// only the warps a guard lets through: 16 blocks x 8 warps x 100 trips for
// the load; the store under threadIdx.x == 0 runs in one warp of eight.
// RUN: %cc --format=json --show-all %s | FileCheck %s
__global__ void k(const float *a, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int i = 0; i < 100; ++i)
    s += a[i * n + t];
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
}
// CHECK:      "expression": "a[i * n + t]",
// CHECK:      "requests_per_launch": 12800,
// CHECK-NEXT: "sectors_per_launch": 51200,
// CHECK:      "expression": "out[blockIdx.x]",
// CHECK:      "requests_per_launch": 16,
void go(const float *a, float *out) { k<<<16, 256>>>(a, out, 4096); }
