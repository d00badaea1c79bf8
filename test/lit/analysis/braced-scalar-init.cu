// A scalar initialised in braces holds its initialiser's value: `size_t
// row{blockIdx.x * blockDim.x + threadIdx.x}` is the lane's index, not a
// value the analysis cannot follow (which once gave no count, and a range of
// 0..0 that reads as "no lane reaches", on every access of a tiled matmul).
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void braced(const float *a, float *out, unsigned n) {
  unsigned const i{blockIdx.x * blockDim.x + threadIdx.x};
  float s{0.0f};
  for (unsigned k{0U}; k < 4U; ++k)
    s += a[k * n + i];
  // CHECK: braced-scalar-init.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
  // CHECK: byte offset 4*blockIdx.x*blockDim.x + 4*n*iter(k) + 4*threadIdx.x
  const float *row{a + i * 2};
  s += *row;
  // CHECK: braced-scalar-init.cu:[[@LINE-1]]:8: warning: strided global load from 'a': 8 sectors/request where 4 would do
  // CHECK: byte offset 8*blockIdx.x*blockDim.x + 8*threadIdx.x
  out[size_t{i}] = s;
  // CHECK: braced-scalar-init.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
void launch(const float *a, float *out) {
  braced<<<4096, 256>>>(a, out, 1u << 20);
}
