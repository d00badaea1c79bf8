// clang-tidy-22 with the plugin on a range-based for that writes an outer
// variable: once a use after free that killed clang-tidy; now the kernel's
// findings come out as the CLI gives them.
// REQUIRES: clang-tidy, cuda-toolkit
// RUN: %clang-tidy --checks='-*,cuda-memory-coalescing' %s -- %cuda-flags \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not=cuda-memory-coalescing
__global__ void sum_strides(float *out) {
  float v = 0;
  for (int s : {32, 16, 8})
    v += s;
  out[threadIdx.x * 2] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: strided global store to 'out': 8 sectors/request where 4 would do (50% efficiency) [cuda-memory-coalescing]
}
void launch(float *out) { sum_strides<<<1, 256>>>(out); }
