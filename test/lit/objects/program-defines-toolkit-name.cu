// A function of the program's own that takes a toolkit name is what nvcc
// calls: HeCBench michalewicz defines `float atomicMin(float *, float)` as a
// load and a CAS loop, and its call was taken for the toolkit's atomicMin on
// the call's line, the CAS (1 sector a request on an H100) not reported.
// RUN: %cc --show-all %s | %filecheck %s
#include <cuda_runtime.h>
__device__ float atomicMin(float *addr, float value) {
  unsigned *ptr = (unsigned *)addr;
  unsigned ret = *ptr;
  // CHECK: program-defines-toolkit-name.cu:[[@LINE-1]]:18: remark: uniform global load from 'minima'
  while (value < __uint_as_float(ret)) {
    unsigned old = ret;
    if ((ret = atomicCAS(ptr, old, __float_as_uint(value))) == old)
      // CHECK: program-defines-toolkit-name.cu:[[@LINE-1]]:26: remark: uniform global atomic to 'minima'
      break;
  }
  return __uint_as_float(ret);
}
__global__ void eval(const float *x, float *minima) {
  atomicMin(minima, x[threadIdx.x]);
  // CHECK-NOT: program-defines-toolkit-name.cu:[[@LINE-1]]:{{.*}} atomic
}
