// A struct of four 4-byte fields has 4-byte alignment, but copied whole from
// a __shared__ array that ptxas knows is 16-byte aligned (placed first, each
// element 16 bytes) it is one LDS.128: served a quarter warp at a time, 2
// wavefronts when every lane reads one element (HeCBench attention-paged,
// bf16_8_t, H100 2026-12-07: 2 measured; the same as a float4's `f[0]`,
// runtime-bench 46), 4 when lanes read consecutive ones. Priced as four
// 4-byte loads before: 1 a request, and 4 for the consecutive ones.
// RUN: %cc --show-all %s | %filecheck %s
struct Quad {
  float x, y, z, w;
};

__global__ void quads(float *out) {
  __shared__ Quad q[64];
  int t = threadIdx.x;
  if (t < 64)
    q[t] = Quad{1.f, 2.f, 3.f, float(t)};
  // One STS.128 a lane: 4 wavefronts for the two warps that store, 2 where
  // nvcc predicates it and a warp with no lane issues it.
  // CHECK: struct-copy-proven-aligned.cu:[[@LINE-3]]:5: remark: conflict-free shared store to 'q': 2 to 4 wavefronts/request (ideal 4;
  __syncthreads();
  Quad a = q[0];
  // CHECK: struct-copy-proven-aligned.cu:[[@LINE-1]]:12: remark: broadcast shared load from 'q': 2 wavefronts/request
  Quad b = q[t % 64];
  // CHECK: struct-copy-proven-aligned.cu:[[@LINE-1]]:12: remark: conflict-free shared load from 'q': 4 wavefronts/request (ideal 4)
  out[blockIdx.x * 128 + t] = a.x + b.y + b.w;
}
void launch(float *out) { quads<<<16, 128>>>(out); }
