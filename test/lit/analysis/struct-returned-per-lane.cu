// A helper that returns a local struct by value hands the caller values that
// vary as the struct's fields do: here each lane's rank, read back from
// shared memory. The fields are not kept across the return, but they are
// not the same in every lane either (HeCBench radixsort's rank4 returns a
// uint4 of ranks: 3.49 wavefronts measured on an H100 where fields taken as
// one value for the warp gave a broadcast, 1).
// RUN: %cc --show-all %s | %filecheck %s
struct Ranks { unsigned x, y; };
__device__ Ranks rank_of(unsigned flag, const unsigned *s) {
  Ranks r;
  r.x = flag ? s[threadIdx.x] : threadIdx.x * 4;
  r.y = 1;
  return r;
}
__global__ void scatter_by_rank(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[512];
  unsigned v = in[blockIdx.x * blockDim.x + threadIdx.x];
  s[threadIdx.x] = v;
  __syncthreads();
  Ranks r;
  r = rank_of(v & 1, s);
  s[(r.x & 3) * 128 + (r.x >> 2)] = v;
  // CHECK: struct-returned-per-lane.cu:[[@LINE-1]]:3: remark: shared store to 's' depends on values not known here: 1 to 32 wavefronts/request
  Ranks q = rank_of(v & 1, s);
  s[(q.x & 3) * 128 + (q.x >> 2)] = v;
  // CHECK: struct-returned-per-lane.cu:[[@LINE-1]]:3: remark: shared store to 's' depends on values not known here: 1 to 32 wavefronts/request
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
void launch(const unsigned *i, unsigned *o) { scatter_by_rank<<<64, 128>>>(i, o); }
