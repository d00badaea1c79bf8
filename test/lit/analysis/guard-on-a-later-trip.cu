// An `if` in a loop that holds only at a later trip (`j + 1 == iters`, the
// last of 64) does not end the loop: the trips past the first 16 are
// walked too. HeCBench lda's last E-step updates were "no lane reaches"
// where an H100 measured 3.9 sectors a request (1000 floats a row).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void last_trip(float *beta, int topics, int iters) {
  for (int j = 0; j < iters; ++j) {
    if (j + 1 == iters) {
      for (int l = threadIdx.x; l < topics; l += blockDim.x)
        beta[blockIdx.x * topics + l] = 0.0f;
      // CHECK: guard-on-a-later-trip.cu:[[@LINE-1]]:9: remark: coalesced global store to 'beta': 3.906 sectors/request (ideal 3.906)
    }
  }
}
// A test that holds from a trip on: nvcc predicates the short `if`, so the
// first 40 of the 64 trips issue the store with no lane on.
__global__ void from_trip(float *out, int iters) {
  for (int j = 0; j < iters; ++j)
    if (j >= 40)
      out[j * blockDim.x + threadIdx.x] = 0.0f;
  // CHECK: guard-on-a-later-trip.cu:[[@LINE-1]]:7: remark: coalesced global store to 'out': 1.5 sectors/request (ideal 1.5)
}
void launch(float *b) {
  last_trip<<<500, 256>>>(b, 1000, 64);
  from_trip<<<500, 256>>>(b, 64);
}
