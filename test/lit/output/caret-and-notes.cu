// A warning is Clang-style: location, message, the source line with a caret
// under the access, then notes.
// RUN: not %cc %s | %filecheck %s --strict-whitespace --match-full-lines
__global__ void k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[2 * t];
}
void launch(const float *a, float *o) { k<<<64, 256>>>(a, o); }
// CHECK:{{.*}}caret-and-notes.cu:6:10: warning: strided global load from 'a': 8 sectors/request where 4 would do (50% efficiency) [cuda-coalesce]
// CHECK-NEXT:    6 |   o[t] = a[2 * t];
// CHECK-NEXT:      |          ^~~~~~~~
// CHECK-NEXT:note: index 2*blockIdx.x*blockDim.x + 2*threadIdx.x (4-byte elements); byte offset 8*blockIdx.x*blockDim.x + 8*threadIdx.x
// CHECK-NEXT:note: lanes 0 and 1 are 8 bytes apart; lane 0 starts 0 bytes into a 128-byte segment; 128-byte segments per request: 2
// CHECK-NEXT:note: fix (thread-mapping): consecutive lanes are 8 bytes apart: map consecutive threads to consecutive elements (index j*n + t instead of t*k + j, n a multiple of 32); after the fix: 4 sectors/request, 2x fewer
// CHECK-NEXT:note: block (256,1,1) from the launch at {{.*}}caret-and-notes.cu:8:41
