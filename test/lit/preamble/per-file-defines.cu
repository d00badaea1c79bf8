// Files whose commands differ (here by -D) get a preamble each, and each
// file's findings follow its own macros. Four copies of this file: a and a2
// with STRIDE=2, b and b2 with STRIDE=32 (the source relative to the
// directory in the commands).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s %t/a.cu && cp %s %t/a2.cu && cp %s %t/b.cu && cp %s %t/b2.cu
// RUN: %python -c "import json,sys; d=sys.argv[1]; json.dump([{'directory': d, 'file': d + '/' + f + '.cu', 'arguments': ['clang++', '-x', 'cuda', '-DSTRIDE=' + ('2' if f[0] == 'a' else '32'), '-c', f + '.cu']} for f in ['a', 'a2', 'b', 'b2']], open(d + '/compile_commands.json', 'w'))" %t
// RUN: %python %inputs/exit-code.py 1 %cc --print-preamble-stats -p %t %t/a.cu %t/b.cu %t/a2.cu %t/b2.cu > %t.out 2> %t.err
// RUN: %python %inputs/exit-code.py 1 %cc --no-shared-preamble -p %t %t/a.cu %t/b.cu %t/a2.cu %t/b2.cu > %t.plain
// RUN: diff %t.plain %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=STATS %s < %t.err
__global__ void strided(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[STRIDE * t];
  // CHECK: {{^}}a.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 8 sectors/request
  // CHECK: {{^}}b.cu:[[@LINE-2]]:10: warning: strided global load from 'a': 32 sectors/request
  // CHECK: {{^}}a2.cu:[[@LINE-3]]:10: warning: strided global load from 'a': 8 sectors/request
  // CHECK: {{^}}b2.cu:[[@LINE-4]]:10: warning: strided global load from 'a': 32 sectors/request
}
void launch(const float *a, float *o) { strided<<<64, 256>>>(a, o); }
// STATS: cuda-coalesce: note: shared preamble: 2 built, 0 failed, 4 files used one
