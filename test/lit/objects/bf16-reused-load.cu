// A __nv_bfloat16 converted to float twice is loaded once: the conversion
// is a const method that writes nothing, and an atomic on shared memory
// cannot change global memory, so nvcc reuses the value (one ld.global.u16
// per element in its PTX). The row `dout + blockIdx.x * C` starts where C,
// unknown here, puts it: from 1 sector (C below a sector's 16 elements, few
// lanes run) to a misaligned row's 3 and more, where 2 would do. The loop's
// `i < C` lets 1 to 32 lanes run: the other accesses are ranges from one
// lane to every lane. The float atomicAdd in shared memory is a load and a
// loop of compare-and-swap (shared/float-atomic-compare-and-swap.cu).
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not=remark:
#include <cuda_bf16.h>

template <typename T>
__global__ void twice(const T *dout, const T *weight, float *o, int C) {
  extern __shared__ float dbias_shared[];
  const T *dout_bt = dout + blockIdx.x * C;
  for (int i = threadIdx.x; i < C; i += 32) {
    float dnorm_i = (float)weight[i] * (float)dout_bt[i];
    // CHECK: bf16-reused-load.cu:[[@LINE-1]]:28: remark: coalesced global load from 'weight': 1 to 2 sectors/request (ideal 2; values not known here decide which lanes run)
    // CHECK: bf16-reused-load.cu:[[@LINE-2]]:47: remark: global load from 'dout' depends on values not known here: 1 to {{3\.[0-9]+}} sectors/request where 2 would do
    atomicAdd(&dbias_shared[i], (float)dout_bt[i]);
    // CHECK: bf16-reused-load.cu:[[@LINE-1]]:16: remark: conflict-free shared atomic to 'dbias_shared'
    // CHECK: bf16-reused-load.cu:[[@LINE-2]]:15: remark: conflict-free shared load from 'dbias_shared'
    o[i] = dnorm_i;
    // CHECK: bf16-reused-load.cu:[[@LINE-1]]:5: remark: coalesced global store to 'o'
  }
}

void launch(const __nv_bfloat16 *d, const __nv_bfloat16 *w, float *o, int C) {
  twice<<<64, 32, 1024>>>(d, w, o, C);
}
