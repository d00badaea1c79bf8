// CheckOptions from a .clang-tidy file: BlockDim replaces the launch's block,
// ReportCoalesced adds remarks for coalesced accesses, MinimumSeverity drops
// accesses wasting less than twice (medium) or four times (high) the ideal.
// REQUIRES: clang-tidy, cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/options.cu
// RUN: printf 'Checks: "-*,cuda-memory-coalescing"\nCheckOptions:\n  cuda-memory-coalescing.BlockDim: "32,8"\n  cuda-memory-coalescing.ReportCoalesced: true\n' > %t/.clang-tidy
// RUN: %clang-tidy %t/options.cu -- %cuda-flags | FileCheck %s --check-prefix=ALL
// RUN: printf 'Checks: "-*,cuda-memory-coalescing"\nCheckOptions:\n  cuda-memory-coalescing.MinimumSeverity: high\n' > %t/.clang-tidy
// RUN: %clang-tidy %t/options.cu -- %cuda-flags | FileCheck %s --check-prefix=HIGH --implicit-check-not=warning:
// RUN: printf 'Checks: "-*,cuda-memory-coalescing"\nCheckOptions:\n  cuda-memory-coalescing.MinimumSeverity: extreme\n  cuda-memory-coalescing.BlockDim: "2000"\n' > %t/.clang-tidy
// RUN: %clang-tidy %t/options.cu -- %cuda-flags 2>&1 | FileCheck %s --check-prefix=BAD
__global__ void k(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * 2] = 1.0f;
  // ALL: :[[@LINE-1]]:3: warning: strided global store to 'a': 8 sectors/request where 4 would do
  // ALL: :[[@LINE-2]]:3: note: block (32,8,1) from the BlockDim option
  a[t * 32] = 1.0f;
  // ALL: :[[@LINE-1]]:3: warning: strided global store to 'a': 32 sectors/request
  // HIGH: :[[@LINE-2]]:3: warning: strided global store to 'a': 32 sectors/request
  a[t] = 2.0f;
  // ALL: :[[@LINE-1]]:3: remark: coalesced global store to 'a': 4 sectors/request (ideal 4)
}
void go(float *a) { k<<<64, 256>>>(a); }
// BAD: warning: invalid BlockDim '2000' for cuda-memory-coalescing: expected X[,Y[,Z]] with at most 1024 threads; launch sites are used
// BAD: warning: invalid MinimumSeverity 'extreme' for cuda-memory-coalescing: expected low, medium or high; low is used
