// std::forward and std::move (cuda::std's too, which CUB's helpers use) hand
// on the object they are given: reading `std::move(s[i])` is one load of
// s[i], and `*p = std::forward<U>(v)` stores through p what v holds. Taken
// for opaque calls, each passed its argument by non-const reference, which
// the walk counts as a possible write: a store to s[i] was reported that the
// code does not make.
// RUN: %cc --show-all %s | %filecheck %s
#include <utility>

template <class T, class U> __device__ void copyOne(T *p, U &&v) {
  *p = std::forward<U>(v);
  // The loop's two trips store adjacent words: nvcc makes them one 8-byte
  // store (STS.64), served half a warp at a time, two wavefronts.
  // CHECK: std-move-is-its-argument.cu:[[@LINE-3]]:3: remark: conflict-free shared store to 's': 2 wavefronts/request (ideal 2) [cuda-coalesce] (in kernel 'pairs')
}

__global__ void pairs(const float *in, float *out) {
  __shared__ float s[512];
  float r[2];
  r[0] = in[blockIdx.x * 512 + threadIdx.x];
  r[1] = in[blockIdx.x * 512 + threadIdx.x + 256];
  for (int i = 0; i < 2; ++i)
    copyOne(s + 2 * threadIdx.x + i, r[i]);
  __syncthreads();
  out[blockIdx.x * 512 + threadIdx.x] = std::move(s[threadIdx.x]);
  // CHECK: std-move-is-its-argument.cu:[[@LINE-1]]:41: remark: conflict-free shared load from 's': 1 wavefronts/request (ideal 1) [cuda-coalesce]
  // CHECK-NOT: shared store to 's'
  // CHECK: std-move-is-its-argument.cu:[[@LINE-3]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4) [cuda-coalesce]
}
void launch(const float *in, float *out) { pairs<<<4, 256>>>(in, out); }
