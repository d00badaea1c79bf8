// A command with a forced include of its own gets no preamble: with one,
// ours would come after the user's instead of before, and the user's
// header (unguarded here) would be read twice. The files parse as before.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/first.cu && cp %s %t/second.cu
// RUN: echo "static const int kStride = 2;" > %t/stride.h
// RUN: %python %inputs/exit-code.py 1 %cc --print-preamble-stats %t/first.cu %t/second.cu -- -include %t/stride.h > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=STATS %s < %t.err
__global__ void strided(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[kStride * t];
  // CHECK: first.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 8 sectors/request
  // CHECK: second.cu:[[@LINE-2]]:10: warning: strided global load from 'a': 8 sectors/request
}
void launch(const float *a, float *o) { strided<<<64, 256>>>(a, o); }
// STATS: cuda-coalesce: note: shared preamble: 0 built, 0 failed, 0 files used one
// STATS-NOT: error
