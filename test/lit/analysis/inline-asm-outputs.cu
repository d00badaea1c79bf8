// What inline asm writes to its outputs is per lane: `%laneid` is the
// lane's place in its warp (the linear thread index modulo 32), any other
// output a per-lane value the walk does not follow. Neither is the value
// the variable held before, nor one value for the warp.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all --format=json %s | %filecheck %s
__device__ unsigned lane_id() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__global__ void by_lane(const float *table, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  // Lanes 0..31 read table[0..31]: 128 aligned bytes, 4 sectors.
  out[t] = table[lane_id()];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK-NOT:  "pattern": "uniform",
  // CHECK:      "pattern": "coalesced",
  // CHECK-NEXT: "sectors_per_request": 4,
}

__global__ void by_clock(const float *table, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned stamp = 0;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(stamp));
  out[t] = table[stamp % 1024];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "pattern": "unknown",
  // CHECK-NEXT: "sectors_per_request": null,
}

void launch(const float *table, float *out) {
  by_lane<<<64, 256>>>(table, out);
  by_clock<<<64, 256>>>(table, out);
}
