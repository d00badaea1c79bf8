// A load is hoisted out of a loop (nvcc's LICM) only where no trip changes
// its address: a variable the body changes other than by a step (here a
// pseudo-random row) holds a value of some trip, not one value for all.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void rows(const float *a, const float *b, float *out, int n) {
  unsigned row = blockIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k) {
    s += a[row * 32 + threadIdx.x];
    // CHECK: loop-changed-value-not-hoisted.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
    // CHECK-NOT: nvcc loads it once
    // CHECK: loop-changed-value-not-hoisted.cu:[[@LINE+1]]:10: remark: coalesced global load from 'b': 4 sectors/request (ideal 4)
    s += b[threadIdx.x];
    // CHECK: nvcc loads it once before the loop at line [[@LINE-6]], whose trips do not change its address
    row = (row * 1103515245u + 12345u) & 1023u;
  }
  out[blockIdx.x * 32 + threadIdx.x] = s;
  // CHECK: loop-changed-value-not-hoisted.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out'
}
void launch(const float *a, const float *b, float *out) {
  rows<<<64, 32>>>(a, b, out, 16);
}
