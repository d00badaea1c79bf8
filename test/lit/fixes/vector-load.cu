// Four consecutive floats per thread in an unrolled loop: one float4 load.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void four_each(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j)
    s += a[t * 4 + j];
  // CHECK: vector-load.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 16 sectors/request where 4 would do
  // CHECK: note: fix (vector-load): each thread accesses 4 consecutive elements: access them with one float4 (the address must be 16-byte aligned), or interleave (index j*stride + t). The extra sectors are the thread{{.*}}(runtime-bench measured no speedup on an H200); after the fix: 16 sectors/request
  o[t] = s;
}
__global__ void four_each_float4(const float4 *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = a[t];
  // CHECK: vector-load.cu:[[@LINE-1]]:14: remark: coalesced global load from 'a': 16 sectors/request
  o[t] = v.x + v.y + v.z + v.w;
}
void launch(const float *a, const float4 *a4, float *o) {
  four_each<<<256, 256>>>(a, o);
  four_each_float4<<<256, 256>>>(a4, o);
}
