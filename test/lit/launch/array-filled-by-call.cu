// A host array passed to a call as a pointer may be written by it: after
// `cudaMemcpy(ranges_h, ranges, ...)` (device to host) its elements are what
// the kernel before left there, not its initialiser. Parboil's histo set
// {UINT32_MAX, 0} before the copy, and its final kernel's loops were "no
// lane reaches" where the GPU measured 4 and 16 sectors per request.
// RUN: %cc --show-all %s | %filecheck %s
#include <cuda_runtime.h>
__global__ void clear(unsigned lo, unsigned hi, float *out) {
  for (unsigned i = lo + threadIdx.x; i < hi; i += blockDim.x)
    out[i] = 0.0f;
  // CHECK: array-filled-by-call.cu:[[@LINE-1]]:5: remark: coalesced global store to 'out': 1 to 5 sectors/request
}
// Passed where the callee cannot write it (a pointer to const), the array
// keeps its values.
__global__ void kept(unsigned lo, unsigned hi, float *out) {
  for (unsigned i = lo + threadIdx.x; i < hi; i += blockDim.x)
    out[i] = 0.0f;
  // CHECK: array-filled-by-call.cu:[[@LINE-1]]:5: remark: global store to 'out': pattern unknown (no lane of any simulated warp reaches the access)
}
void read_only(const unsigned *values);
int main() {
  unsigned *ranges;
  float *out;
  cudaMalloc(&ranges, 2 * sizeof(unsigned));
  cudaMalloc(&out, 1 << 20);
  unsigned ranges_h[2] = {0xffffffffu, 0};
  cudaMemcpy(ranges, ranges_h, sizeof(ranges_h), cudaMemcpyHostToDevice);
  cudaMemcpy((void *)ranges_h, ranges, sizeof(ranges_h), cudaMemcpyDeviceToHost);
  clear<<<1, 256>>>(ranges_h[0], ranges_h[1], out);
  unsigned empty_h[2] = {0xffffffffu, 0};
  read_only(empty_h);
  kept<<<1, 256>>>(empty_h[0], empty_h[1], out);
}
