// `h = {};` on a cuda_fp16 __half2, which has an operator= from __half2_raw
// besides its own: Clang finds the two ambiguous ("use of overloaded operator
// '=' is ambiguous (with operand types 'half2' and 'void')"), nvcc 13
// compiles it. The kernel is analysed as nvcc compiles it; before, the file
// failed with exit 2 and the kernel was left out (HeCBench quant3MatMul).
// REQUIRES: cuda-toolkit
// RUN: %cc --show-all %s 2> %t.err | %filecheck %s
// RUN: count 0 < %t.err
#include <cuda_fp16.h>

__global__ void dot(const half2 *a, const half2 *b, half2 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  half2 acc;
  acc = {};
  for (int k = 0; k < n; ++k)
    acc = __hfma2(a[k * 256 + i], b[k], acc);
  // CHECK: braced-assignment-nvcc-accepts.cu:[[@LINE-1]]:19: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: braced-assignment-nvcc-accepts.cu:[[@LINE-2]]:35: remark: uniform global load from 'b'
  out[i] = acc;
  // CHECK: braced-assignment-nvcc-accepts.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
