// A store at a data address under a test on data: the lanes' addresses and
// which lanes run are both the data's, and nvcc may predicate the store, so
// that a warp with no lane past the test issues it and moves nothing. The
// range starts at 0: HeCBench radixsort's bucket starts
// (`if (t > 0 && s[t] != s[t - 1]) st[s[t]] = t;`) measured 0.85 wavefronts
// a request on an H100 where 1 to 32 was given.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void bucket_starts(const unsigned *keys, unsigned *out) {
  __shared__ unsigned s[256], st[16];
  unsigned t = threadIdx.x;
  s[t] = keys[blockIdx.x * 256 + t] & 15;
  __syncthreads();
  if (t > 0 && s[t] != s[t - 1])
    st[s[t]] = t;
  // CHECK: gather-under-predicated-guard.cu:[[@LINE-1]]:5: remark: shared store to 'st' depends on values not known here: 0 to 32 wavefronts/request
  __syncthreads();
  if (t < 16)
    out[blockIdx.x * 16 + t] = st[t];
}
void launch(const unsigned *k, unsigned *o) { bucket_starts<<<64, 256>>>(k, o); }
