// The two quarter warps of an LDS.128 share a pass when every four lanes in
// a row of each ask for two addresses at most: a warp tile's rows (four
// lanes on one float4, the next four 32 bytes on) take 2 wavefronts a
// request; its columns (lanes 32 bytes apart, four in a cycle) take 4.
// Measured on an H100 (ncu, 2026-12-06): runtime-bench 46_wide_phases and
// CUDA-GEMM-Optimization's gemm_v06, 2 and 4 (Nsight Compute's ideal: the
// same, the phases without conflicts).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void warp_tile(const float4 *in, float *out) {
  __shared__ float4 f[256];
  int t = threadIdx.x;
  f[t] = in[t];
  __syncthreads();
  float4 row = f[(t / 4) * 2];
  // CHECK: wide-quarters-share-pass.cu:[[@LINE-1]]:16: remark: conflict-free shared load from 'f': 2 wavefronts/request (ideal 2)
  float4 col = f[(t % 4) * 2];
  // CHECK: wide-quarters-share-pass.cu:[[@LINE-1]]:16: remark: conflict-free shared load from 'f': 4 wavefronts/request (ideal 4)
  out[t] = row.x + col.y;
}

void launch(const float4 *in, float *out) { warp_tile<<<64, 256>>>(in, out); }
