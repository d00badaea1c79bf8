// Under a guard nvcc may predicate, a warp none of whose lanes passes it
// issues a request that moves nothing, so the range starts at 0, for an
// address the walk cannot compute (the range that holds for any addresses)
// as for one it can. HeCBench's is (`(i == start) ? 0 : destiny[i - 1]`)
// and bitpermute (a load under a test on a lane's reversed bits) measured 0
// sectors a request on an H100 (ncu, 2026-12-06) where 1 to 32 was given.
// is's address, one per warp, was "any" while the trial of a count of 0
// blocks (`4096 / blocks`) spoilt the others: 0 to 1 now.
// RUN: %cc --format=json %s | FileCheck %s
__device__ unsigned reversed(unsigned x, int bits) {
  unsigned r = 0;
  for (int b = 0; b < bits; b++) {
    r = (r << 1) | (x & 1);
    x >>= 1;
  }
  return r;
}

__global__ void scan_rows(const int *source, int *destiny, int blocks) {
  int factor = 4096 / blocks;
  int start = factor * blockIdx.x;
  for (int i = start; i < start + factor; i += blockDim.x) {
    int prv = (i == start) ? 0 : destiny[i - 1];
    // CHECK: "line": [[@LINE-1]],
    // CHECK: "expression": "destiny[i - 1]",
    // CHECK: "sectors_min": 0,
    // CHECK-NEXT: "sectors_max": 1,
    destiny[i + threadIdx.x] = source[i + threadIdx.x] + prv;
  }
}

__global__ void swap_pairs(const float *in, float *out, int bits) {
  unsigned t = threadIdx.x;
  unsigned rev = reversed(t, bits);
  float v = 0.0f;
#pragma unroll
  for (int i = 0; i < 4; i++)
    if (t != rev)
      v += in[i * 1024 + rev * 32 + t % 32];
  // CHECK: "line": [[@LINE-1]],
  // CHECK: "expression": "in[i * 1024 + rev * 32 + t % 32]",
  // CHECK: "sectors_min": 0,
  // CHECK-NEXT: "sectors_max": 32,
  out[t] = v;
}

void launch(const int *s, int *d, const float *in, float *out, int blocks,
            int bits) {
  scan_rows<<<blocks, 256>>>(s, d, blocks);
  swap_pairs<<<1, 256>>>(in, out, bits);
}
