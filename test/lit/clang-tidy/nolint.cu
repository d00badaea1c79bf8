// clang-tidy's own suppressions silence the check.
// REQUIRES: clang-tidy, cuda-toolkit
// RUN: %clang-tidy --checks='-*,cuda-memory-coalescing' %s -- %cuda-flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning: strided'
__global__ void k(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * 2] = 1.0f; // NOLINT(cuda-memory-coalescing)
  // NOLINTNEXTLINE(cuda-memory-coalescing)
  a[t * 4] = 1.0f;
  a[t * 8] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: warning: strided global store to 'a': 32 sectors/request
}
void go(float *a) { k<<<64, 256>>>(a); }
