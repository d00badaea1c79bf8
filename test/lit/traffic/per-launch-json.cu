// --format=json: each access's traffic per launch, worked out by hand.
// 64 blocks of 256 threads: 512 warps, one request each per trip.
// RUN: not %cc --format=json %s | FileCheck %s
__global__ void k(const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = a[2 * t];
}
// a[2 * t]: 8 sectors a request where 4 would do; 512 requests, 4096
// sectors, 2048 wasted (65536 bytes, 0.0137 us at 4.8 TB/s); out[t]: 2048
// sectors; a's share of the kernel's 6144 sectors: 2/3.
// CHECK:      "expression": "a[2 * t]",
// CHECK:      "requests_per_launch": 512,
// CHECK-NEXT: "sectors_per_launch": 4096,
// CHECK-NEXT: "wasted_sectors_per_launch": 2048,
// CHECK-NEXT: "wasted_bytes_per_launch": 65536,
// CHECK-NEXT: "share_of_kernel_sectors": 0.6667,
// CHECK-NEXT: "estimated_wasted_us": 0.0137,
// CHECK:      "expression": "out[t]",
// CHECK:      "requests_per_launch": 512,
// CHECK-NEXT: "sectors_per_launch": 2048,
// CHECK-NEXT: "wasted_sectors_per_launch": 0,
// CHECK:      "launches": [
// CHECK:        "kernel": "k",
// CHECK:        "sectors_per_launch": 6144,
// CHECK-NEXT:   "wasted_sectors_per_launch": 2048,
// CHECK:      "time_estimate": {
// CHECK-NEXT:   "gpu": "H200",
void go(const float *a, float *out) { k<<<64, 256>>>(a, out); }
