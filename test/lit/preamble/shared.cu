// Files with the same flags share one preamble (the CUDA headers parsed
// once, precompiled): each file's findings are those it has alone, and the
// same as without the preamble.
// RUN: %python %inputs/exit-code.py 1 %cc --print-preamble-stats %s %inputs/coalesced.cu > %t.both 2> %t.both.err
// RUN: FileCheck --check-prefix=STATS %s < %t.both.err
// RUN: %python %inputs/exit-code.py 1 %cc --print-preamble-stats %s > %t.alone 2> %t.alone.err
// RUN: FileCheck --check-prefix=ALONE %s < %t.alone.err
// RUN: %python %inputs/exit-code.py 1 %cc --no-shared-preamble %s %inputs/coalesced.cu > %t.plain
// RUN: diff %t.alone %t.both
// RUN: diff %t.plain %t.both
// RUN: FileCheck %s < %t.both
__global__ void column(const float *a, float *o, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t * 16];
  // CHECK: shared.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 32 sectors/request
}
void launch(const float *a, float *o) { column<<<64, 256>>>(a, o, 16); }
// STATS: cuda-coalesce: note: shared preamble: 1 built, 0 failed, 2 files used one
// A file alone gains nothing from a preamble: none is built.
// ALONE: cuda-coalesce: note: shared preamble: 0 built, 0 failed, 0 files used one
