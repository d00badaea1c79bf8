// A histogram in shared memory: which lanes share a bank is the data's, so
// the count is a range, from no conflict to every lane in one bank.
// Measured on an H200 (38_shared_banks2 hist_shared_random): 3.15
// wavefronts per request on random bytes.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void hist(unsigned *out, const unsigned char *data) {
  __shared__ unsigned h[256];
  int t = threadIdx.x;
  h[t] = 0;
  __syncthreads();
  atomicAdd(&h[data[blockIdx.x * 256 + t]], 1u);
  // CHECK: data-dependent.cu:[[@LINE-1]]:14: remark: shared atomic to 'h' depends on values not known here: 1 to 32 wavefronts/request where 1 would do
  // CHECK: note: the address depends on data[blockIdx.x * 256 + t], data loaded per lane: 1 to 32 wavefronts/request
  __syncthreads();
  atomicAdd(&out[t], h[t]);
}
void launch(unsigned *out, const unsigned char *data) {
  hist<<<1024, 256>>>(out, data);
}
