// Every missing header is skipped in the one parse of the file, however many
// there are: a file of a project whose build generates ten headers is
// analysed, and one note names them all.
// RUN: %python %inputs/exit-code.py 1 %cc --print-phase-times %s > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.out
// RUN: FileCheck --check-prefix=ERR %s < %t.err
#include "cuda_coalesce_test_generated/h0.h"
#include "cuda_coalesce_test_generated/h1.h"
#include "cuda_coalesce_test_generated/h2.h"
#include "cuda_coalesce_test_generated/h3.h"
#include "cuda_coalesce_test_generated/h4.h"
#include "cuda_coalesce_test_generated/h5.h"
#include "cuda_coalesce_test_generated/h6.h"
#include "cuda_coalesce_test_generated/h7.h"
#include "cuda_coalesce_test_generated/h8.h"
#include "cuda_coalesce_test_generated/h9.h"

__global__ void column(const float *a, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row] = a[row * n];
  // OUT: missing-headers-many.cu:[[@LINE-1]]:14: warning: strided global load from 'a': 32 sectors/request
}

void run(const float *a, float *out) { column<<<4, 256>>>(a, out, 1024); }
// One parse: one line of phase times.
// ERR: cuda-coalesce: phase times: {{.*}}missing-headers-many.cu: parse {{.*}} (analysis)
// ERR-NOT: phase times
// ERR: note: {{.*}}missing-headers-many.cu: 'cuda_coalesce_test_generated/h0.h', {{.*}}'cuda_coalesce_test_generated/h8.h' and 'cuda_coalesce_test_generated/h9.h' were not found; parsed as empty
// ERR-NOT: error
