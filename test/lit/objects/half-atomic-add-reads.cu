// atomicAdd on __half is a load and a compare-and-swap loop on an H200
// (SASS of runtime-bench 35_objects): the load is a request of its own.
// RUN: %cc --show-all %s | %filecheck %s
#include <cuda_fp16.h>
__global__ void count(__half *h) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&h[i], __float2half(1.0f));
  // CHECK-DAG: half-atomic-add-reads.cu:[[@LINE-1]]:14: remark: coalesced global atomic to 'h': 2 sectors/request (ideal 2)
  // CHECK-DAG: half-atomic-add-reads.cu:[[@LINE-2]]:13: remark: coalesced global load from 'h': 2 sectors/request (ideal 2)
}
void launch(__half *h) { count<<<1024, 256>>>(h); }
