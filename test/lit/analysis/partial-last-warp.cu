// n = 1000 with 256-thread blocks: the last warp has 8 active lanes. The
// average is over the warps that issue the access, as Nsight Compute counts.
// RUN: %cc --show-all --format=json %s | %filecheck %s
__global__ void guarded(const float *a, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = a[i];
}
void launch(const float *a, float *o) {
  int n = 1000;
  guarded<<<(n + 255) / 256, 256>>>(a, o, n);
}
// 31 warps of 4 sectors and one of 1 sector: 125 / 32 = 3.90625.
// CHECK: "kind": "load",
// CHECK: "pattern": "coalesced",
// CHECK-NEXT: "sectors_per_request": 3.9063,
// CHECK-NEXT: "sectors_min": 1,
// CHECK-NEXT: "sectors_max": 4,
