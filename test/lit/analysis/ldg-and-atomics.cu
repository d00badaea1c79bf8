// __ldg is a load; atomics are accesses of their own kind. A histogram's bins
// are data: from one sector (every lane in one bin) to one a lane (32). RUN:
// not %cc --show-all %s | %filecheck %s
__global__ void hist(const float *a, int *bins, float *sum) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = __ldg(&a[t]);
  // CHECK: ldg-and-atomics.cu:[[@LINE-1]]:20: remark: coalesced global load from 'a': 4 sectors/request
  int bin = (int)(v * 64.0f);
  atomicAdd(&bins[bin], 1);
  // CHECK: ldg-and-atomics.cu:[[@LINE-1]]:14: warning: scattered global atomic to 'bins': 1 to 32 sectors/request where 4 would do (the addresses are data)
  atomicAdd(&sum[blockIdx.x], v);
  // CHECK: ldg-and-atomics.cu:[[@LINE-1]]:14: remark: uniform global atomic to 'sum': 1 sectors/request
}
void launch(const float *a, int *b, float *s) { hist<<<64, 256>>>(a, b, s); }
