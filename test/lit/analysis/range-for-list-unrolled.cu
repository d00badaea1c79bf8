// ggml's flash attention loads a tile in decreasing widths, `for (int
// stride_k : {warp_size, warp_size/2, warp_size/4, warp_size/8})`: nvcc
// unrolls a loop over a braced list fully, so each trip is its own code with
// its element known. Each trip is counted with its element; the line shows
// the worst, the note the other trips.
// RUN: not %cc --show-all %s | %filecheck %s --implicit-check-not=remark:
#include <initializer_list>
__global__ void widths(const float *in, float *out) {
#pragma unroll
  for (int stride : {1, 2, 4}) {
    out[blockIdx.x * 128 + threadIdx.x * stride] = in[threadIdx.x];
    // CHECK: range-for-list-unrolled.cu:[[@LINE-1]]:52: remark: coalesced global load from 'in': 4 sectors/request
    // CHECK: range-for-list-unrolled.cu:[[@LINE-2]]:5: warning: strided global store to 'out': 16 sectors/request where 4 would do
    // CHECK: note: the same access in 2 other kernel instances, launches, calls or unrolled trips (the one shown: stride = 4): 'widths' ({{.*}}, stride = 2): 8 sectors/request; 'widths' ({{.*}}, stride = 1): 4 sectors/request{{$}}
  }
}
// A trip whose element makes the body skip its work (`continue`, as ggml's
// `if (k0_start == k0_stop) continue;`) has no access: the test is decided.
__global__ void skipped_trips(const float *in, float *out) {
  for (int stride : {1, 32}) {
    if (stride == 32)
      continue;
    out[threadIdx.x * stride] = in[threadIdx.x];
    // CHECK: range-for-list-unrolled.cu:[[@LINE-1]]:33: remark: coalesced global load from 'in': 4 sectors/request (ideal 4) [cuda-coalesce]{{$}}
    // CHECK: range-for-list-unrolled.cu:[[@LINE-2]]:5: remark: coalesced global store to 'out': 4 sectors/request (ideal 4) [cuda-coalesce]{{$}}
  }
}
// A list the walk cannot unroll (the body may leave the loop) is walked once
// with the element unknown.
__global__ void early_exit(const float *in, float *out, int n) {
  for (int stride : {1, 2}) {
    if (stride > n)
      break;
    out[threadIdx.x * stride] = in[threadIdx.x];
    // CHECK: range-for-list-unrolled.cu:[[@LINE-1]]:33: remark: coalesced global load from 'in'
    // CHECK-NOT: unrolled trip
    // CHECK: range-for-list-unrolled.cu:[[@LINE-3]]:5: remark: global store to 'out' depends on values not known here: 1 to 32 sectors/request where 4 would do; coalesced iff stride <= 1
  }
}
void launch(const float *in, float *out, int n) {
  widths<<<64, 32>>>(in, out);
  skipped_trips<<<64, 32>>>(in, out);
  early_exit<<<64, 32>>>(in, out, n);
}
