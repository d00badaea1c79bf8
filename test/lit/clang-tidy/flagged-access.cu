// clang-tidy-22 with the plugin: a strided store is a warning of
// cuda-memory-coalescing with the CLI's notes; a coalesced one is silent.
// REQUIRES: clang-tidy, cuda-toolkit
// RUN: %clang-tidy --checks='-*,cuda-memory-coalescing' %s -- %cuda-flags \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not=cuda-memory-coalescing
__global__ void stride(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * 4] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: strided global store to 'a': 16 sectors/request where 4 would do (25% efficiency) [cuda-memory-coalescing]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: index 4*blockIdx.x*blockDim.x + 4*threadIdx.x (4-byte elements)
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: fix (thread-mapping): {{.*}}after the fix: 4 sectors/request
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: block (256,1,1) from the launch at {{.*}}flagged-access.cu:[[@LINE+3]]:21
  a[t] = 2.0f;
}
void go(float *a) { stride<<<64, 256>>>(a); }
