// Each launch of a host loop over problem sizes is a finding of its own, and
// the JSON says which: the grid and the kernel arguments it knows
// ("launch_values"), so that verify judges a profiled launch against its
// own launch's claim, not the mean of all of them.
// RUN: %cc --show-all --format=json %s | FileCheck %s
__global__ void fill(int *out, int n) {
  if (threadIdx.x < n)
    out[threadIdx.x] = 0;
}
// CHECK: "launch_values": "grid (1,1,1); n = 2"
// CHECK: "sectors_per_request": 1,
// CHECK: "launch_values": "grid (1,1,1); n = 256"
// CHECK: "sectors_per_request": 4,
void run(int *out) {
  int sizes[] = {2, 256};
  for (int i = 0; i < 2; ++i)
    fill<<<1, 256>>>(out, sizes[i]);
}
