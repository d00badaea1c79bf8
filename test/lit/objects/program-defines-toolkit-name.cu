// A function of the program's own that takes a toolkit name is what nvcc
// calls: HeCBench michalewicz defines `float atomicMin(float *, float)` as a
// load and a CAS loop, and its call was taken for the toolkit's atomicMin on
// the call's line, the CAS (1 sector a request on an H100) not reported.
// RUN: %cc --show-all %s | %filecheck %s
#include <cuda_runtime.h>
// (The bit casts are left out: the test runs without the toolkit too.)
__device__ float atomicMin(float *addr, float value) {
  int *ptr = (int *)addr;
  int ret = *ptr;
  // CHECK: program-defines-toolkit-name.cu:[[@LINE-1]]:13: remark: uniform global load from 'minima'
  while (value < (float)ret) {
    int old = ret;
    if ((ret = atomicCAS(ptr, old, (int)value)) == old)
      // CHECK: program-defines-toolkit-name.cu:[[@LINE-1]]:26: remark: uniform global atomic to 'minima'
      break;
  }
  return (float)ret;
}
__global__ void eval(const float *x, float *minima) {
  atomicMin(minima, x[threadIdx.x]);
  // CHECK-NOT: program-defines-toolkit-name.cu:[[@LINE-1]]:{{.*}} atomic
}
