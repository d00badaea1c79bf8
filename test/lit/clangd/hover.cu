// Hovering a flagged access shows the finding with its notes after clangd's
// own hover: the index, the lanes, each fix with its predicted count, the
// launch. Where clangd has nothing to say (on the `[`), the finding alone;
// off the access, clangd's hover as it was. Markdown or plain text, as the
// editor asks.
// REQUIRES: clangd, cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/kernel.cu
// RUN: %lsp-session --hover=16:3 --hover=16:4 --hover=15:7 %t/kernel.cu | FileCheck %s --check-prefixes=CHECK,MARKDOWN
// RUN: %lsp-session --markup=plaintext --hover=16:3 %t/kernel.cu | FileCheck %s --check-prefix=PLAIN

// CHECK-LABEL: hover 16:3:
// MARKDOWN-NEXT: kind: markdown
// MARKDOWN-NEXT: | ### param `a`
__global__ void stride(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * 4] = 1.0f;
}
// MARKDOWN:      | **cuda-memory-coalescing**: Strided global store to 'a': 16 sectors/request where 4 would do (25% efficiency)
// MARKDOWN-NEXT: |
// MARKDOWN-NEXT: | - Index 4\*blockIdx.x\*blockDim.x + 4\*threadIdx.x (4-byte elements); byte offset 16\*blockIdx.x\*blockDim.x + 16\*threadIdx.x
// MARKDOWN-NEXT: | - Lanes 0 and 1 are 16 bytes apart; lane 0 starts 0 bytes into a 128-byte segment; 128-byte segments per request: 4
// MARKDOWN-NEXT: | - Fix (thread-mapping): {{.*}}; after the fix: 4 sectors/request, 4x fewer
// MARKDOWN-NEXT: | - Block (256,1,1) from the launch at {{.*}}kernel.cu:[[@LINE+21]]:21
// MARKDOWN-NEXT: |
// MARKDOWN-NEXT: | [documentation](https://github.com/cuda-coalesce/cuda-coalesce/blob/main/docs/checks/cuda-memory-coalescing.md)

// MARKDOWN-LABEL: hover 16:4:
// MARKDOWN-NEXT: kind: markdown
// MARKDOWN-NEXT: | **cuda-memory-coalescing**: Strided global store to 'a'

// MARKDOWN-LABEL: hover 15:7:
// MARKDOWN-NEXT: kind: markdown
// MARKDOWN-NEXT: | ### variable `t`
// MARKDOWN-NOT: cuda-memory-coalescing
// MARKDOWN: exit status 0

// PLAIN-LABEL: hover 16:3:
// PLAIN-NEXT: kind: plaintext
// PLAIN:      | cuda-memory-coalescing: Strided global store to 'a': 16 sectors/request where 4 would do (25% efficiency)
// PLAIN-NEXT: |
// PLAIN-NEXT: | - Index 4*blockIdx.x*blockDim.x + 4*threadIdx.x (4-byte elements); {{.*}}
// PLAIN:      | - Block (256,1,1) from the launch at {{.*}}kernel.cu:[[@LINE+2]]:21
// PLAIN: exit status 0
void go(float *a) { stride<<<64, 256>>>(a); }
