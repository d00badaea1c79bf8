// A kernel that needs what a missing header declares still fails the file
// (exit 2), the error says which headers were parsed as empty, and the
// kernels free of errors are analysed.
// RUN: %python %inputs/exit-code.py 2 %cc %s > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.out
// RUN: FileCheck --check-prefix=ERR %s < %t.err
#include "cuda_coalesce_test_generated/config.h"

__global__ void scaled(const float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = a[i] * CONFIG_SCALE;
}

__global__ void column(const float *a, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row] = a[row * n];
  // OUT: missing-header-device-code.cu:[[@LINE-1]]:14: warning: strided global load from 'a'
}

void run(const float *a, float *o) {
  scaled<<<4, 256>>>(a, o);
  column<<<4, 256>>>(a, o, 1024);
}
// ERR: cuda-coalesce: error: {{.*}}missing-header-device-code.cu: does not compile: {{.*}}undeclared identifier 'CONFIG_SCALE'{{.*}}; not found and parsed as empty: cuda_coalesce_test_generated/config.h
