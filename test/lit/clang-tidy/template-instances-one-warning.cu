// A line under three template instances is one clang-tidy warning, as in
// the CLI: the worst instance, the others counted in a note.
// REQUIRES: clang-tidy, cuda-toolkit
// RUN: %clang-tidy --checks='-*,cuda-memory-coalescing' %s -- %cuda-flags \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not='warning:'
// RUN: not %cc %s | FileCheck %s --check-prefix=TEXT --implicit-check-not='warning:'
template <int Stride>
__global__ void every(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * Stride] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: strided global store to 'a': 32 sectors/request where 4 would do (12.5% efficiency) [cuda-memory-coalescing]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in 3 instances: 32 sectors/request in 2, 16 in 1{{$}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: the same access in 2 other kernel instances, launches or calls: 'every<4>' {{.*}}: 16 sectors/request; 'every<16>' {{.*}}: 32 sectors/request{{$}}
  // TEXT: template-instances-one-warning.cu:[[@LINE-4]]:3: warning: strided global store to 'a': 32 sectors/request where 4 would do (12.5% efficiency) [cuda-coalesce] (in kernel 'every<8>')
  // TEXT: note: in 3 instances: 32 sectors/request in 2, 16 in 1{{$}}
}
void go(float *a) {
  every<4><<<64, 256>>>(a);
  every<8><<<64, 256>>>(a);
  every<16><<<64, 256>>>(a);
}
