// A loop of a few constant trips inside a loop is unrolled fully first, so
// the loop around it is unrolled too, by the size of everything: llm.c's
// online softmax (softmax_forward_kernel5) reads a float4 per lane and
// folds its four floats twice through expf, and nvcc unrolls the row loop
// by 2 and runs each lane's leftover trip first. The step is 32 in unsigned
// arithmetic, as `i += warp.size()` is, but the bound (a quarter of an int)
// keeps it from wrapping, so LLVM counts the trips (nvcc 13's PTX and SASS).
//
// One warp per row of T = 256 floats (known at the launch, not to nvcc, which
// would bound the trips of a constant T and not unroll), row r reading its
// first (r % T) / 4 float4s: the lanes with one trip more run it first, and the warp issues
// 1000 requests for 8320 sectors, 8.32 per request, all of them dense (a
// simulation of those trips, not the tool); lanes in step would issue 752
// requests of 10.89 sectors. Measured on an H200 at T = 1024: 13.27 sectors
// per request, what this model gives there (14.33 in step).
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s
__device__ float vec_at(const float4 &v, int k) {
  return reinterpret_cast<const float *>(&v)[k];
}

__global__ void online_softmax(float *out, const float *inp, float scale,
                               int T) {
  int lane = threadIdx.x % 32;
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int pos_by_4 = (row % T) / 4;
  const float4 *x = reinterpret_cast<const float4 *>(inp + row * T);
  float maxval = -1e30f, sumval = 0.0f;
  for (int i = lane; i < pos_by_4; i += 32u) {
    float4 v = x[i];
    // CHECK: unroll-factor-inner-loops.cu:[[@LINE-1]]:16: remark: coalesced global load from 'inp': 8.32 sectors/request (ideal 8.32)
    // CHECK: note: nvcc unrolls the loop at line [[@LINE-3]] by 2 and runs each lane's remaining trips first (its trip count modulo 2)
    float old = maxval;
    for (int k = 0; k < 4; ++k)
      maxval = fmaxf(maxval, vec_at(v, k));
    sumval *= expf(scale * (old - maxval));
    for (int k = 0; k < 4; ++k)
      sumval += expf(scale * (vec_at(v, k) - maxval));
  }
  if (lane == 0)
    out[row] = sumval / maxval;
}

void launch(float *out, const float *inp) {
  online_softmax<<<2 * 256 * 32 / 256, 256>>>(out, inp, 0.5f, 256);
}
