// A short guarded body outside loops goes either way on the GPU: nvcc
// predicated `if (threadIdx.x < blockDim.x / 32) v = s[threadIdx.x];` in
// cuda-samples' jacobiCudaGraphs (H100: 0.125 wavefronts per request, one
// warp of eight with lanes on, every warp issuing it) and branched around
// `if (tid == 0) output[bid] = shared[0];` in cuda-samples' clock (1
// wavefront per request), as it did runtime-bench's guarded value for later.
// The count is the range: 1 / 8 to 1.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s
__global__ void last_step(const double *x, double *sum, double *first) {
  __shared__ double warpSum[8];
  if (threadIdx.x % 32 == 0)
    warpSum[threadIdx.x / 32] = x[threadIdx.x];
  __syncthreads();
  double blockSum = 0.0;
  if (threadIdx.x < blockDim.x / 32)
    blockSum = warpSum[threadIdx.x];
  // CHECK: if-lowering-short-outside-loop.cu:[[@LINE-1]]:16: remark: conflict-free shared load from 'warpSum': 0.125 to 1 wavefronts/request (ideal 1; the least where nvcc predicates it and every warp issues it)
  if (threadIdx.x == 0)
    first[blockIdx.x] = warpSum[0];
  // CHECK: if-lowering-short-outside-loop.cu:[[@LINE-1]]:5: remark: uniform global store to 'first': 0.125 to 1 sectors/request (ideal 1; the least where nvcc predicates it and every warp issues it)
  if (threadIdx.x < 32)
    sum[threadIdx.x] = blockSum;
}
void launch(const double *x, double *s, double *f) { last_step<<<1, 256>>>(x, s, f); }
