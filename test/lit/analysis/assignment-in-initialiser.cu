// A variable initialised with an assignment, `float v(s[i] = f(x))`: the
// store is an access, and v holds what it stored (no load). HeCBench
// marchingCubes (sixth batch, unseen): `float v(value[tz][ty][tx] =
// f(x, y, z));` measured 2 wavefronts a request, a store not reported.
// RUN: %cc --show-all %s | %filecheck %s
__device__ float f(int x) { return x * 0.5f; }
__global__ void k(float *out) {
  __shared__ float value[4][8][33];
  int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  float v(value[tz][ty][tx] = f(tx));
  // CHECK: assignment-in-initialiser.cu:[[@LINE-1]]:11: remark: conflict-free shared store to 'value': 1 wavefronts/request (ideal 1)
  __syncthreads();
  out[tx] = v + value[tz][ty][tx + 1];
  // CHECK: assignment-in-initialiser.cu:[[@LINE-1]]:17: remark: conflict-free shared load from 'value'
  // CHECK: assignment-in-initialiser.cu:[[@LINE-2]]:3: remark: coalesced global store to 'out'
}
void launch(float *o) { k<<<1, dim3(32, 8, 4)>>>(o); }
