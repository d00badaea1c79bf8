// A short `if` followed by more code: nvcc predicated this halo load on an
// H200 (every warp of the block executes it, only warp 0 has active lanes:
// 8 requests per block for 1 sector, 0.125) and branched around the same
// shape in public code (cuda-samples' clock, Rodinia's dwt2d on an H100):
// the count is the range, 0.125 to 1. At the end of a kernel the same guard
// lets warps exit instead: only warps with active lanes issue requests.
// RUN: %cc --show-all --format=json %s | %filecheck %s
__global__ void halo(float *out, const float *a) {
  __shared__ float w[256 + 8];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  w[threadIdx.x] = a[t];
  if (threadIdx.x < 8)
    w[256 + threadIdx.x] = a[t + 256];
  __syncthreads();
  out[t] = w[threadIdx.x] + w[threadIdx.x + 8];
}
__global__ void tail(float *out, const float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 8)
    out[t] = a[t + 256];
}
void launch(float *o, const float *a) {
  halo<<<1024, 256>>>(o, a);
  tail<<<1024, 256>>>(o, a);
}
// CHECK:      "expression": "a[t + 256]",
// CHECK:      "sectors_per_request": null,
// CHECK-NEXT: "sectors_min": 0.125,
// CHECK-NEXT: "sectors_max": 1,
// CHECK:      "expression": "a[t + 256]",
// CHECK:      "sectors_per_request": 1,
