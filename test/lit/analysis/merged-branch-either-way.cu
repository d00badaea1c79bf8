// Both branches of an `if` store to the same element, in a loop of four
// trips nvcc unrolls, whose test is the same on every trip: nvcc predicates
// some copies of the then branch's load that is left and branches around
// others (runtime-bench 41's scale_or_clear_fixed_test: two of four, 0.89
// sectors per request measured on an H200), which the source does not tell.
// The count is the range between the two: one warp of eight with lanes on
// reads 4 sectors, so predicated in every warp 4 / 8 = 0.5, branched around
// by the seven others 4. The lanes that run are contiguous either way: the
// pattern stays.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s --implicit-check-not=remark:
#define N (1 << 20)
__global__ void scale_or_clear_fixed_test(float *a, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; k++) {
    if (threadIdx.x < 32)
      a[(long)k * N + i] *= s;
    // CHECK: merged-branch-either-way.cu:[[@LINE-1]]:7: remark: coalesced global load from 'a': 0.5 to 4 sectors/request (ideal 4; the least where nvcc predicates it and every warp issues it)
    // CHECK: merged-branch-either-way.cu:[[@LINE-2]]:7: remark: coalesced global store to 'a': 4 sectors/request
    else
      a[(long)k * N + i] = 0.0f;
  }
}

void launch(float *a) { scale_or_clear_fixed_test<<<N / 256, 256>>>(a, 0.5f); }
