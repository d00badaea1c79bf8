// A guard whose values are not known here and are not tried (64-bit bounds
// the launch does not give) decides which lanes run: the lanes keep their
// pattern, and the count is the range from one lane to every lane (HeCBench's
// minimod: 1.67 wavefronts per request measured on an H100 where the lanes
// were counted as active, 2). A store of 8 contiguous floats per warp row,
// four rows a warp: 1 to 4 sectors.
// RUN: %cc --show-all %s | %filecheck %s
typedef long long llint;
__global__ void bounded(const float *in, float *out, llint x3, llint x4,
                        int z3) {
  __shared__ float s[8][8][8];
  const llint i = x3 + blockIdx.z * blockDim.z + threadIdx.z;
  s[threadIdx.z][threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (i > x4 - 1)
    return;
  out[threadIdx.x + 8 * threadIdx.y] = s[threadIdx.z][threadIdx.y][threadIdx.x];
  // CHECK: guard-on-unknown-values.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 1 to 4 sectors/request (ideal 4; values not known here decide which lanes run)
  // An unknown start z3 moves the 32 floats of a warp across 4 or 5 sectors
  // (4 where z3 is a multiple of 8): the most is 5, not the aligned 4.
  out[z3 + threadIdx.x + 8 * threadIdx.y] = 0.0f;
  // CHECK: guard-on-unknown-values.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 1 to 5 sectors/request (ideal 4; values not known here decide which lanes run)
}
void launch(const float *i, float *o, llint a, llint b) {
  bounded<<<dim3(1, 1, 4), dim3(8, 8, 8)>>>(i, o, a, b, (int)a);
}
