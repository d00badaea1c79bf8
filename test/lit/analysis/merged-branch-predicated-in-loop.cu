// Both branches of an `if` store to the same element: nvcc sinks the two
// stores into one after the join, and in a loop whose test changes from trip
// to trip it predicates the then branch's load that is left. Every warp
// issues it on every trip, moving nothing on the trips past its lanes'
// bounds (runtime-bench 41_merged_branches, measured on an H200).
// RUN: not %cc --show-all %s | %filecheck %s --implicit-check-not=remark:

#define COLS 64

// Lane t scales columns 0..t of its row; rows are 256 bytes apart, one
// sector per lane. Warp 0 has 32 - c lanes on at trip c < 32 and none after;
// warp 1 has 32 up to trip 32, then 64 - c. Sectors: warp 0 32 + 31 + ... +
// 1 = 528, warp 1 32 * 32 + 528 = 1552. Requests, predicated: every trip in
// both warps, 2080 / 128 = 16.25 (branched around: 2080 / 96 = 21.67).
__global__ void scale_or_clear_rows(float *a, float s) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float *r = a + row * COLS;
  for (int c = 0; c < COLS; c++) {
    if (c <= row % COLS)
      r[c] *= s;
    // CHECK: merged-branch-predicated-in-loop.cu:[[@LINE-1]]:7: warning: strided global load from 'a': 16.25 sectors/request where
    // CHECK: merged-branch-predicated-in-loop.cu:[[@LINE-2]]:7: warning: strided global store to 'a': 32 sectors/request where
    else
      r[c] = 0.0f;
  }
}

// Outside a loop nvcc branches around the load: the seven warps of eight
// with no lane on skip it (measured 4.0 in runtime-bench 41).
__global__ void scale_or_clear(float *a, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 32)
    a[i] *= s;
  // CHECK: merged-branch-predicated-in-loop.cu:[[@LINE-1]]:5: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: merged-branch-predicated-in-loop.cu:[[@LINE-2]]:5: remark: coalesced global store to 'a': 4 sectors/request (ideal 4)
  else
    a[i] = 0.0f;
}

int main() {
  float *a;
  scale_or_clear_rows<<<1, 64>>>(a, 0.5f);
  scale_or_clear<<<64, 256>>>(a, 0.5f);
}
