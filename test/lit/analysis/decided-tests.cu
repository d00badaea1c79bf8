// A test whose operands the walk knows is decided: `N > 4` in `copy<2>`, a
// helper's constant argument, an unrolled trip's element. The code it rules
// out is removed by the compiler and issues no request: it is not reported
// (it was "reached by no lane" before); a `?:` on it is the side taken.
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not=remark:
#include <initializer_list>
template <int N> __global__ void copy(const float *in, float *out) {
  if (N > 4)
    out[threadIdx.x * N] = in[threadIdx.x];
  else
    out[threadIdx.x] = in[threadIdx.x];
  // CHECK: decided-tests.cu:[[@LINE-1]]:24: remark: coalesced global load from 'in'
  // CHECK: decided-tests.cu:[[@LINE-2]]:5: remark: coalesced global store to 'out'
}
__global__ void tile(const float *in, float *out) {
  for (int stride : {32, 8}) {
    const int k = stride == 32 ? threadIdx.x : threadIdx.x % stride;
    out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 32 + k];
    // CHECK: decided-tests.cu:[[@LINE-1]]:42: remark: coalesced global load from 'in': 4 sectors/request
    // CHECK: note: index 32*blockIdx.x + threadIdx.x (4-byte elements)
    // CHECK: note: the same access in 1 other {{.*}}(the one shown: stride = 32): 'tile' ({{.*}}, stride = 8): 1 sectors/request{{$}}
    // CHECK: decided-tests.cu:[[@LINE-4]]:5: remark: coalesced global store to 'out'
  }
}
void launch(const float *in, float *out) {
  copy<2><<<64, 128>>>(in, out);
  tile<<<64, 32>>>(in, out);
}
