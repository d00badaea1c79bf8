// The CLI shows findings as [cuda-coalesce], clang-tidy and clangd as
// [cuda-memory-coalescing]: NOLINT takes either name, with globs, in every
// front end (Policy/CheckNames.def), on the access's line and on the line
// of a helper's call (where the editor reports it).
// RUN: %python %inputs/exit-code.py 1 %cc %s 2>&1 | FileCheck %s --check-prefix=CLI --implicit-check-not=warning:
// RUN: %if clang-tidy && cuda-toolkit %{ %clang-tidy --checks='-*,cuda-memory-coalescing' %s -- %cuda-flags 2>&1 | FileCheck %s --check-prefix=TIDY --implicit-check-not=warning: %}
// RUN: %if clangd && cuda-toolkit %{ rm -rf %t && mkdir -p %t && cp %s %S/both-names.cuh %t/ %}
// RUN: %if clangd && cuda-toolkit %{ %lsp-session %t/both-names.cu | FileCheck %s --check-prefix=LSP --implicit-check-not=warning: %}
#include "both-names.cuh"

__global__ void k(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * 2] = 1.0f; // NOLINT(cuda-coalesce): the CLI's name
  a[t * 3] = 1.0f; // NOLINT(cuda-memory-coalescing): clang-tidy's name
  // NOLINTNEXTLINE(cuda-coalesce)
  a[t * 4] = 1.0f;
  a[t * 5] = 1.0f; // NOLINT(cuda-*)
  a[t * 8] = 1.0f; // NOLINT(cuda-coalescing): no such name
  // CLI: both-names.cu:[[@LINE-1]]:3: warning: strided global store to 'a': 32 sectors/request
  // TIDY: both-names.cu:[[@LINE-2]]:3: warning: strided global store to 'a': 32 sectors/request
  // LSP: [[@LINE-3]]:3: warning: Strided global store to 'a': 32 sectors/request
  put_strided(a, t); // NOLINT(cuda-coalesce): silences the helper's access here
  put_strided2(a, t);
  put_strided3(a, t); // NOLINT(cuda-coalesce): at the call only
  // CLI: both-names.cuh:9:3: warning: strided global store to 'a': 16 sectors/request
  // TIDY: both-names.cu:[[@LINE-3]]:3: warning: strided global store to 'a': 16 sectors/request where 4 would do (25% efficiency) (via helper 'put_strided2' at both-names.cuh:9)
  // LSP: [[@LINE-4]]:3: warning: Strided global store to 'a': 16 sectors/request where 4 would do (25% efficiency) (via helper 'put_strided2' at both-names.cuh:9)
}
void go(float *a) { k<<<64, 256>>>(a); }
// LSP: exit status 0
