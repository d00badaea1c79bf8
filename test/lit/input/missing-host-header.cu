// A header that is not found (OpenMP's, or one generated at build time)
// no longer stops the file: it is parsed as empty, one note says so, and
// the kernels that do not need it are analysed.
// RUN: %python %inputs/exit-code.py 1 %cc %s > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.out
// RUN: FileCheck --check-prefix=ERR %s < %t.err
#include <cuda_coalesce_test_openmp.h>
#include "cuda_coalesce_test_generated/version.h"

__global__ void column(const float *a, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row] = a[row * n];
  // OUT: missing-host-header.cu:[[@LINE-1]]:14: warning: strided global load from 'a': 32 sectors/request
}

void run(const float *a, float *out) {
  omp_set_num_threads(4);
  column<<<4, 256>>>(a, out, 1024);
}
// ERR: cuda-coalesce: note: {{.*}}missing-host-header.cu: 'cuda_coalesce_test_openmp.h' and 'cuda_coalesce_test_generated/version.h' were not found; parsed as empty, so only code that needs them is left out
// ERR: cuda-coalesce: note: {{.*}}missing-host-header.cu: host code does not compile (1 error, {{.*}}'omp_set_num_threads'{{.*}}); the kernels were analysed
// ERR-NOT: error
