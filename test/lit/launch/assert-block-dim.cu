// Without a launch in sight, what the kernel asserts about its block
// decides the shape: assert(blockDim.x == 4) (ggml's style) with rows
// along threadIdx.y; lanes 4 floats apart in x, rows 64 floats apart.
// RUN: not %cc --show-all %s | %filecheck %s
#include <cassert>
__global__ void quads(const float *in, float *out) {
  assert(blockDim.x == 4);
  out[threadIdx.y * 64 + threadIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
  // CHECK: assert-block-dim.cu:[[@LINE-1]]:41: warning: strided global load from 'in'
  // CHECK: note: block (4,64,1) from the kernel's assert(blockDim.x == 4)
  // CHECK: assert-block-dim.cu:[[@LINE-3]]:3: warning: strided global store to 'out'
}
