// `x[i] = (float)x[i] + s` on a __nv_bfloat16 calls operator=(float) of
// x[i]: the call reads its argument, x[i] included, before it stores, so the
// load is issued (llm.c's matmul_backward_bias: LDG.E.U16 then STG.E.U16).
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not=remark:
#include <cuda_bf16.h>

__global__ void accumulate(__nv_bfloat16 *dbias, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dbias[i] = (float)dbias[i] + s;
  // CHECK: bf16-assign-reads-first.cu:[[@LINE-1]]:21: remark: coalesced global load from 'dbias': 2 sectors/request (ideal 2)
  // CHECK: bf16-assign-reads-first.cu:[[@LINE-2]]:3: remark: coalesced global store to 'dbias': 2 sectors/request (ideal 2)
}

void launch(__nv_bfloat16 *d, float s) { accumulate<<<64, 256>>>(d, s); }
