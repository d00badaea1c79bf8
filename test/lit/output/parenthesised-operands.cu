// A value the walk names by its source text keeps that text one operand in
// the notes: `(flag ? n : m) % 8`, not `flag ? n : m % 8`.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void shifted(const float *x, float *y, bool flag, int n, int m) {
  int offset = flag ? n : m;
  y[threadIdx.x] = x[offset + threadIdx.x];
  // CHECK: :[[@LINE-1]]:20: remark: coalesced global load from 'x': 4 sectors/request (ideal 4)
  // CHECK: note: index (flag ? n : m) + threadIdx.x (4-byte elements); byte offset 4*(flag ? n : m) + 4*threadIdx.x
  // CHECK: note: coalesced iff (flag ? n : m) % 8 == 0
  // CHECK: note: (flag ? n : m) unknown: the same pattern for every value in 0..95 and larger ones up to 2^30
  // CHECK: :[[@LINE-5]]:3: remark: coalesced global store to 'y'
}
