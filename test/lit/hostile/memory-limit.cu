// A file whose parse needs gigabytes (2^25 initialisers from doubling
// macros) is given up when it passes --max-memory, in one line; the other
// file of the run is still analysed, and the run exits 2.
// REQUIRES: memory-limit
// RUN: %python %inputs/exit-code.py 2 %cuda-coalesce --no-cuda-toolkit --max-memory=400 %s %S/Inputs/strided.cu > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=OTHER < %t.out
// CHECK: cuda-coalesce: error: {{.*}}memory-limit.cu: ran out of memory (over the 400 MiB of --max-memory)
// CHECK: summary: 2 files, 1 analysed, 1 failed
// OTHER: strided.cu:[[#]]:[[#]]: warning: strided global store to 'a'
#define E0 1,
#define E1 E0 E0
#define E2 E1 E1
#define E3 E2 E2
#define E4 E3 E3
#define E5 E4 E4
#define E6 E5 E5
#define E7 E6 E6
#define E8 E7 E7
#define E9 E8 E8
#define E10 E9 E9
#define E11 E10 E10
#define E12 E11 E11
#define E13 E12 E12
#define E14 E13 E13
#define E15 E14 E14
#define E16 E15 E15
#define E17 E16 E16
#define E18 E17 E17
#define E19 E18 E18
#define E20 E19 E19
#define E21 E20 E20
#define E22 E21 E21
#define E23 E22 E22
#define E24 E23 E23
#define E25 E24 E24
__device__ int table[] = {E25 0};
__global__ void k(float *a) { a[threadIdx.x] = table[0]; }
