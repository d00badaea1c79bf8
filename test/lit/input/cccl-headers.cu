// CUDA 13 keeps CUB, Thrust and libcu++ in include/cccl, which nvcc adds by
// itself: the tool adds it too, so kernels that use them parse.
// REQUIRES: cuda-toolkit
// RUN: %cc --show-all %s | %filecheck %s
#include <cuda/std/type_traits>
#include <cub/block/block_reduce.cuh>
template <int Threads>
__global__ void sum(const float *in, float *out) {
  using Reduce = cub::BlockReduce<float, Threads>;
  __shared__ typename Reduce::TempStorage temp;
  static_assert(cuda::std::is_same<float, float>::value, "");
  float v = in[blockIdx.x * Threads + threadIdx.x];
  // CHECK: cccl-headers.cu:[[@LINE-1]]:13: remark: coalesced global load from 'in': 4 sectors/request
  float total = Reduce(temp).Sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = total;
}
void launch(const float *in, float *out) { sum<256><<<64, 256>>>(in, out); }
