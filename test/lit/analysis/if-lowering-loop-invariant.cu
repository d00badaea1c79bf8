// A test that does not change from trip to trip, in a loop: nvcc predicated
// FDTD3d's halo loads into shared memory (cuda-samples, H100: 0.25
// wavefronts per request, four warps of sixteen with lanes on) where
// runtime-bench's were branched around (the test hoisted out of the loop).
// The count is the range: 4 / 16 to 1 wavefront, 4 * 4 / 16 to 4 sectors.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s
__global__ void halo(const float *in, float *out, int nz) {
  __shared__ float tile[4][32];
  for (int z = 0; z < nz; z++) {
    if (threadIdx.y < 4)
      tile[threadIdx.y][threadIdx.x] = in[z * 4096 + threadIdx.y * 32 + threadIdx.x];
    // CHECK: if-lowering-loop-invariant.cu:[[@LINE-1]]:40: remark: coalesced global load from 'in': 1 to 4 sectors/request (ideal 4; the least where nvcc predicates it and every warp issues it)
    // CHECK: if-lowering-loop-invariant.cu:[[@LINE-2]]:7: remark: conflict-free shared store to 'tile': 0.25 to 1 wavefronts/request (ideal 1; the least where nvcc predicates it and every warp issues it)
    __syncthreads();
    out[z * 512 + threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y % 4][threadIdx.x];
    // CHECK: if-lowering-loop-invariant.cu:[[@LINE-1]]:53: remark: conflict-free shared load from 'tile': 1 wavefronts/request (ideal 1)
    __syncthreads();
  }
}
void launch(const float *i, float *o, int nz) { halo<<<1, dim3(32, 16)>>>(i, o, nz); }
