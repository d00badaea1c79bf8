// A helper that takes a register float4 by reference and reads a lane of it
// through its address (llm.c's vec_at) reads local memory, which nvcc keeps
// in registers: no global access is reported for it.
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not=remark:
__device__ float vec_at(const float4 &vec, int index) {
  return reinterpret_cast<const float *>(&vec)[index];
}

__global__ void row_max(const float4 *x, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = x[i];
  // CHECK: reference-to-local.cu:[[@LINE-1]]:14: remark: coalesced global load from 'x': 16 sectors/request (ideal 16)
  float m = vec_at(v, 0);
  for (int k = 1; k < 4; ++k)
    m = fmaxf(m, vec_at(v, k));
  o[i] = m;
  // CHECK: reference-to-local.cu:[[@LINE-1]]:3: remark: coalesced global store to 'o'
}

void launch(const float4 *x, float *o) { row_max<<<64, 256>>>(x, o); }
