// A short guarded shared-memory access outside loops: nvcc predicated it on
// an H200 (38_shared_banks2 partial_lanes: every warp issues it, 1 wavefront
// per request, the 8-way conflict of warp 0 averaged over the 8 warps) and
// branched around such shapes in public code (cuda-samples' clock, on an
// H100). The count is the range, 1 (predicated) to 8 (branched); the 8-way
// conflict of the lanes that run is flagged either way.
// RUN: not %cc %s | %filecheck %s
__global__ void partial(float *out, const float *in) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float w = 0.0f;
  if (t < 8)
    w = s[t * 32];
  // CHECK: predicated-guard.cu:[[@LINE-1]]:9: warning: bank-conflict shared load from 's': 1 to 8 wavefronts/request where 1 would do (the least where nvcc predicates it and every warp issues it)
  __syncthreads();
  out[blockIdx.x * 256 + t] = w;
}
void launch(float *out, const float *in) { partial<<<1024, 256>>>(out, in); }
