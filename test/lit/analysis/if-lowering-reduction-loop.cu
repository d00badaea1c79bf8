// In a loop whose test changes from trip to trip, a short guarded body is
// predicated: every warp issues it on every trip (runtime-bench
// 26_reduction1d on an H200, cuda-samples' MC_EstimatePi on an H100). That
// holds for a shared read into a local indexed by threadIdx.x itself, whose
// index is a register, not memory: 128 threads, four warps, seven trips
// (s = 64 .. 1); lanes on in two warps at s = 64 and in one at each of the
// six others: 8 wavefronts over 4 * 7 requests, 0.2857.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s
__global__ void reduce(const float *in, float *out) {
  __shared__ float sd[256];
  sd[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  sd[threadIdx.x + 128] = 0.0f;
  __syncthreads();
  float v = 0.0f;
  for (unsigned s = 64; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      v = sd[threadIdx.x + s];
    // CHECK: if-lowering-reduction-loop.cu:[[@LINE-1]]:11: remark: {{.*}}shared load from 'sd': 0.2857 wavefronts/request
    __syncthreads();
    sd[threadIdx.x] += v;
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = sd[threadIdx.x];
}
void launch(const float *i, float *o) { reduce<<<8, 128>>>(i, o); }
