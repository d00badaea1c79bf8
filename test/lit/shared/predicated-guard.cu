// A short guarded shared-memory access is predicated, not branched around:
// every warp issues it, those without an active lane moving nothing.
// Measured on an H200 (38_shared_banks2 partial_lanes): 1 wavefront per
// request, the 8-way conflict of warp 0 averaged over the 8 warps.
// RUN: not %cc %s | %filecheck %s
__global__ void partial(float *out, const float *in) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float w = 0.0f;
  if (t < 8)
    w = s[t * 32];
  // CHECK: predicated-guard.cu:[[@LINE-1]]:9: warning: bank-conflict shared load from 's': 1 wavefronts/request where 0.125 would do (8-way bank conflict)
  __syncthreads();
  out[blockIdx.x * 256 + t] = w;
}
void launch(float *out, const float *in) { partial<<<1024, 256>>>(out, in); }
