// A guard on values not known here lets lanes through only where the values
// fall together in a way no trial draws: `pos >= 0 && pos < size` with pos
// counting down from size by whole blocks of 16 * blockDim.x per task s
// runs only where s is small and size large. The trials gave "no lane
// reaches", "uniform, 0 sectors" and, where one trial ran, a definite 4;
// Chai's PAD ran its store at 8 sectors a request on an H100. Every value's
// count lies between one lane's (none's, where nvcc predicates the guard)
// and that of every lane on.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void one_task(float *out, int size, int s) {
  int pos = size - 1 - (s * 16 * blockDim.x + threadIdx.x);
  if (pos >= 0 && pos < size)
    out[pos] = 1.0f;
  // CHECK: guard-on-unknowns-beyond-trials.cu:[[@LINE-1]]:5: remark: coalesced global store to 'out': 1 to 5 sectors/request (ideal 4; values not known here decide which lanes run)
}
// Unrolled, the guard is predicated: a warp may issue the store with no
// lane on.
__global__ void unrolled(float *out, int size, int s) {
  int pos = size - 1 - (s * 16 * blockDim.x + threadIdx.x);
#pragma unroll
  for (int j = 0; j < 16; j++) {
    if (pos >= 0 && pos < size)
      out[pos] = 1.0f;
    // CHECK: guard-on-unknowns-beyond-trials.cu:[[@LINE-1]]:7: remark: global store to 'out' depends on values not known here: 0 to 5 sectors/request
    pos -= blockDim.x;
  }
}
// One address for the warp moves one sector whichever lanes run: the count
// stays.
__global__ void one_address(const float *t, float *out, int size, int s) {
  int pos = size - 1 - (s * 16 * blockDim.x + threadIdx.x);
  if (pos >= 0 && pos < size)
    out[pos] = t[s];
  // CHECK: guard-on-unknowns-beyond-trials.cu:[[@LINE-1]]:16: remark: uniform global load from 't': 1 sectors/request, every active lane accesses the same address
}
