// A reduction's halving loop (`s >>= 1`) is followed trip by trip, and its
// guard, which changes every trip, is predicated. Measured on an H200
// (37_shared_banks reduce_sequential): 0.1875 wavefronts per request, no
// conflict; (reduce_interleaved_div) 0.7344.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void sequential(float *out, const float *in) {
  __shared__ float sd[256];
  int tid = threadIdx.x;
  sd[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (tid < s) {
      float a = sd[tid];
      // CHECK: reduction-loop.cu:[[@LINE-1]]:17: remark: conflict-free shared load from 'sd': 0.1875 wavefronts/request (ideal 0.1875)
      float b = sd[tid + s];
      sd[tid] = a + b;
    }
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sd[0];
}
__global__ void interleaved(float *out, const float *in) {
  __shared__ float sd[256];
  int tid = threadIdx.x;
  sd[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int s = 1; s < 256; s *= 2) {
    if (tid % (2 * s) == 0) {
      float a = sd[tid];
      // CHECK: reduction-loop.cu:[[@LINE-1]]:17: remark: conflict-free shared load from 'sd': 0.7344 wavefronts/request
      float b = sd[tid + s];
      sd[tid] = a + b;
    }
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sd[0];
}
void launch(float *out, const float *in) {
  sequential<<<1024, 256>>>(out, in);
  interleaved<<<1024, 256>>>(out, in);
}
