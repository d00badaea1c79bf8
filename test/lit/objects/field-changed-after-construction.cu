// A field is kept only while nothing but a constructor has written it: a
// method that changes it (`widen`), or a write in a loop that a later trip
// reads, leaves an unknown value, named, not the constructor's.
// RUN: not %cc --show-all %s | %filecheck %s
struct Strided {
  __device__ Strided(const float *p, int s) : p(p), s(s) {}
  __device__ void widen() { s *= 2; }
  const float *p;
  int s;
};
struct Pair {
  const float *p;
  int ld;
};
__global__ void reads(const float *in, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  Strided a(in, 1);
  a.widen();
  out[t] = a.p[t * a.s];
  // CHECK: field-changed-after-construction.cu:[[@LINE-1]]:12: remark: global load from 'in' depends on values not known here: 4 to 32 sectors/request where 4 would do; coalesced iff a.s == 1 [cuda-coalesce]
  Pair q{in, 1};
  for (int i = 0; i < n; ++i) {
    out[t] += q.p[t * q.ld + i];
    // CHECK: field-changed-after-construction.cu:[[@LINE-1]]:15: warning: strided global load from 'in'
    // CHECK: note: index blockIdx.x*blockDim.x*q.ld + threadIdx.x*q.ld + iter(i) (4-byte elements)
    q.ld = 2;
  }
}
void launch(const float *in, float *out) { reads<<<64, 256>>>(in, out, 8); }
