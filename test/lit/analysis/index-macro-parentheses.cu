// A macro puts parentheses around its arguments, and Clang keeps them inside
// the property reference: `(threadIdx.x)` is the thread index, not a value
// the same in every lane. cuda-samples' histogram reads its data through
// `UMAD(blockIdx.x, blockDim.x, threadIdx.x)`; it was "uniform, 1 sector",
// the H100 measured 4.
// RUN: %cc --show-all %s | %filecheck %s
#define UMUL(a, b) ((a) * (b))
#define UMAD(a, b, c) (UMUL((a), (b)) + (c))
__global__ void sum(unsigned *out, const unsigned *d) {
  unsigned pos = UMAD(blockIdx.x, blockDim.x, (threadIdx).x);
  out[pos] = d[pos];
  // CHECK: index-macro-parentheses.cu:[[@LINE-1]]:14: remark: coalesced global load from 'd': 4 sectors/request (ideal 4)
  // CHECK: index-macro-parentheses.cu:[[@LINE-2]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
// The index read through Clang's NVVM builtins, as the properties do: the
// same atoms; the lane id is a value of each lane's own.
__global__ void registers(float *out, const float *a) {
  unsigned t = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
               __nvvm_read_ptx_sreg_tid_x();
  out[t] = a[__nvvm_read_ptx_sreg_laneid() * 32];
  // CHECK: index-macro-parentheses.cu:[[@LINE-1]]:12: remark: global load from 'a': pattern unknown (depends on __nvvm_read_ptx_sreg_laneid(), a per-lane value
  // CHECK: index-macro-parentheses.cu:[[@LINE-2]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
// A reference to the index variable: its property is read through `t`.
__global__ void reference(float *out) {
  const auto &t = threadIdx;
  out[blockIdx.x * 256 + t.x] = 0;
  // CHECK: index-macro-parentheses.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
void launch(unsigned *o, const unsigned *d, float *f, const float *a) {
  sum<<<240, 192>>>(o, d);
  registers<<<64, 256>>>(f, a);
  reference<<<64, 256>>>(f);
}
