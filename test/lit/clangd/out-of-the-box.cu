// An editor's session with cuda-coalesce-clangd and no configuration at all:
// the check runs, its notes are the diagnostic's related information, its
// link goes to the check's documentation.
// REQUIRES: clangd, cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/kernel.cu
// RUN: %lsp-session %t/kernel.cu | FileCheck %s
__global__ void stride(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * 4] = 1.0f;
  // CHECK: [[@LINE-1]]:3: warning: Strided global store to 'a': 16 sectors/request where 4 would do (25% efficiency) [clang-tidy cuda-memory-coalescing]
  // CHECK-NEXT: docs: https://github.com/cuda-coalesce/cuda-coalesce/blob/main/docs/checks/cuda-memory-coalescing.md
  // CHECK-NEXT: related: [[@LINE-3]]:3: Index 4*blockIdx.x*blockDim.x + 4*threadIdx.x (4-byte elements)
  // CHECK: related: [[@LINE-4]]:3: Fix (thread-mapping): {{.*}}after the fix: 4 sectors/request
  // CHECK: related: [[@LINE-5]]:3: Block (256,1,1) from the launch at {{.*}}kernel.cu:[[@LINE+4]]:21
  a[t] = 2.0f;
}
// CHECK: exit status 0
void go(float *a) { stride<<<64, 256>>>(a); }
