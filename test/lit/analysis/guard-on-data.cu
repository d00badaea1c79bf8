// A guard on loaded data decides which lanes take part, and the data is not
// known here: the lanes keep their pattern (contiguous), and the count is a
// range, from none (a warp with no lane past the test may issue the access
// predicated: ptxas if-converts such code where PTX branches around it, as
// Chai's BFS and HeCBench's radixsort and hungarian measured on an H100) to
// every lane, 4 sectors for 32 contiguous floats.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void at_tail(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v < 1.05f)
    out[i] = v;
  // CHECK: guard-on-data.cu:[[@LINE-1]]:5: remark: coalesced global store to 'out': 0 to 4 sectors/request (ideal 4; data decides which lanes run)
}
__global__ void predicated(float *out, const float *in, float *done) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v < 1.05f)
    out[i] = v;
  // CHECK: guard-on-data.cu:[[@LINE-1]]:5: remark: coalesced global store to 'out': 0 to 4 sectors/request (ideal 4; data decides which lanes run)
  done[i] = 1.0f;
}
void launch(float *o, const float *a, float *d) {
  at_tail<<<1024, 256>>>(o, a);
  predicated<<<1024, 256>>>(o, a, d);
}
