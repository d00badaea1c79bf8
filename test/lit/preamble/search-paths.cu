// Files whose commands differ only in their search paths share one
// preamble, except a file whose own path holds a header the preamble read
// (here cuda_runtime.h, which defines STRIDE and goes on to the real one):
// that file is parsed without the preamble and sees its header.
// RUN: rm -rf %t && mkdir -p %t/inc1 %t/inc2 %t/shadow
// RUN: cp %s %t/a.cu && cp %s %t/b.cu && cp %s %t/c.cu
// RUN: echo '#define STRIDE 4' > %t/shadow/cuda_runtime.h
// RUN: echo '#include_next <cuda_runtime.h>' >> %t/shadow/cuda_runtime.h
// RUN: echo '#define UNRELATED 1' > %t/inc2/mine.h
// RUN: %python -c "import json,sys; d=sys.argv[1]; json.dump([{'directory': d, 'file': d + '/' + f + '.cu', 'arguments': ['clang++', '-x', 'cuda', '-I', i, '-c', f + '.cu']} for f, i in [('a', 'inc1'), ('b', d + '/inc2'), ('c', 'shadow')]], open(d + '/compile_commands.json', 'w'))" %t
// RUN: %python %inputs/exit-code.py 1 %cc --print-preamble-stats -p %t %t/a.cu %t/b.cu %t/c.cu > %t.out 2> %t.err
// RUN: %python %inputs/exit-code.py 1 %cc --no-shared-preamble -p %t %t/a.cu %t/b.cu %t/c.cu > %t.plain
// RUN: diff %t.plain %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=STATS %s < %t.err
#ifndef STRIDE
#define STRIDE 2
#endif
__global__ void strided(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[STRIDE * t];
  // CHECK: {{^}}a.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 8 sectors/request
  // CHECK: {{^}}b.cu:[[@LINE-2]]:10: warning: strided global load from 'a': 8 sectors/request
  // CHECK: {{^}}c.cu:[[@LINE-3]]:10: warning: strided global load from 'a': 16 sectors/request
}
void launch(const float *a, float *o) { strided<<<64, 256>>>(a, o); }
// STATS: cuda-coalesce: note: shared preamble: 1 built, 0 failed, 2 files used one, 1 files have headers of the same names
