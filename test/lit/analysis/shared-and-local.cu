// Shared memory is priced in bank wavefronts, local memory not at all: 'buf'
// gives no finding.
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not="'buf'"
__global__ void staged(const float *in, float *out) {
  __shared__ float tile[256];
  float buf[4];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[t];
  // CHECK: shared-and-local.cu:[[@LINE-1]]:23: remark: coalesced global load from 'in'
  // CHECK: shared-and-local.cu:[[@LINE-2]]:3: remark: conflict-free shared store to 'tile': 1 wavefronts/request (ideal 1)
  __syncthreads();
  for (int k = 0; k < 4; ++k)
    buf[k] = tile[(threadIdx.x + k) % 256];
  // CHECK: shared-and-local.cu:[[@LINE-1]]:14: remark: conflict-free shared load from 'tile': 1 wavefronts/request (ideal 1)
  out[t] = buf[0] + buf[3];
  // CHECK: shared-and-local.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out'
}
void launch(const float *in, float *out) { staged<<<64, 256>>>(in, out); }
