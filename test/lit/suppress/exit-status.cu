// Suppressed findings do not fail the run: with every flagged access
// silenced the exit status is 0, and a note says how many were silenced.
// RUN: %python %inputs/exit-code.py 0 %cc %s > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s < %t.err
__global__ void k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[2 * t]; // NOLINT(cuda-memory-coalescing)
}
void go(const float *a, float *o) { k<<<64, 256>>>(a, o); }
// CHECK: cuda-coalesce: note: 1 finding suppressed by {{NOLINT$}}
