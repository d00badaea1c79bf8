// A file on which Clang spins (constant evaluation allowed 2^31 steps) is
// given up after --timeout seconds in one line; the other file of the run is
// still analysed, and the run exits 2. (The shim's parse takes 0.1 s, so
// the other file is far from the limit even on a loaded machine.)
// RUN: %python %inputs/exit-code.py 2 %cuda-coalesce --no-cuda-toolkit --timeout=2 %s %S/Inputs/strided.cu -- -fconstexpr-steps=2147483647 > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=OTHER < %t.out
// CHECK: cuda-coalesce: error: {{.*}}timeout.cu: timed out after 2 s (--timeout)
// CHECK: summary: 2 files, 1 analysed, 1 failed
// OTHER: strided.cu:[[#]]:[[#]]: warning: strided global store to 'a'
constexpr long spin() {
  long x = 0;
  for (long i = 0; i < (1L << 40); ++i)
    x += i & 1;
  return x;
}
__global__ void k(float *a) { a[threadIdx.x + (spin() & 0)] = 1.0f; }
