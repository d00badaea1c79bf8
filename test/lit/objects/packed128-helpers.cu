// llm.c's Packed128: `load128cs(inp1 + idx); load128cs(inp2 + idx)` is two
// 16-byte loads (16 bytes a lane: 16 sectors) of one line, reported at it once
// with the call it comes through, the other in a note; JSON has both.
// RUN: %cc --show-all --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cc --show-all %s | %filecheck %s
#include <cuda_bf16.h>
template <class T> struct alignas(16) Packed128 {
  Packed128() = default;
  __device__ explicit Packed128(int4 bits) { payload[0] = T(0.f); (void)bits; }
  __device__ T &operator[](int i) { return payload[i]; }
  static constexpr const int size = 16 / sizeof(T);
  T payload[size];
};
template <class T> __device__ Packed128<T> load128cs(const T *address) {
  return Packed128<T>{__ldcs(reinterpret_cast<const int4 *>(address))};
}
typedef Packed128<__nv_bfloat16> x128;
__global__ void residual(float *out, const __nv_bfloat16 *inp1,
                         const __nv_bfloat16 *inp2) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 a = load128cs(inp1 + idx);
  x128 b = load128cs(inp2 + idx);
  out[idx / x128::size] = (float)a[0] + (float)b[0];
}
// CHECK: packed128-helpers.cu:15:61: remark: coalesced global load from 'inp1': 16 sectors/request (ideal 16)
// CHECK: note: reached through the call at {{.*}}packed128-helpers.cu:[[@LINE-5]]:12
// CHECK: note: the same access in 1 other kernel instance, launch or call: 'residual' (block (256,1,1) from the launch at {{.*}}, through the call at {{.*}}packed128-helpers.cu:[[@LINE-5]]:12, 'inp2'): 16 sectors/request
// JSON: "line": 15
// JSON: "base": "inp1"
// JSON: "call_chain": [
// JSON-NEXT: {
// JSON-NEXT: "file": "{{.*}}packed128-helpers.cu",
// JSON-NEXT: "line": 21,
// JSON: "line": 15
// JSON: "base": "inp2"
// JSON: "line": 22,
void launch(float *o, const __nv_bfloat16 *a) { residual<<<64, 256>>>(o, a, a); }
