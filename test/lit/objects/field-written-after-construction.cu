// A field follows the stores after its constructor: `widen` doubles the
// stride to 2 (lanes 8 bytes apart, 8 sectors where 4 would do). A field a
// loop's body changes holds a value of some trip: the read names it (`ld`)
// instead of taking the 1 it held before the loop, and with `ld` unknown the
// count is the range over every value (1 sector at 0, 32 from 8 on).
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
  // CHECK: field-written-after-construction.cu:[[@LINE-1]]:12: warning: strided global load from 'in': 8 sectors/request where 4 would do (50% efficiency) [cuda-coalesce]
  // CHECK: note: index 2*blockIdx.x*blockDim.x + 2*threadIdx.x (4-byte elements)
  Pair q{in, 1};
  for (int i = 0; i < n; ++i) {
    out[t] += q.p[t * q.ld + i];
    // CHECK: field-written-after-construction.cu:[[@LINE-1]]:15: remark: global load from 'in' depends on values not known here: 1 to 32 sectors/request where 4 would do
    // CHECK: note: index blockIdx.x*blockDim.x*ld + threadIdx.x*ld + iter(i) (4-byte elements)
    q.ld = 2;
  }
}
void launch(const float *in, float *out) { reads<<<64, 256>>>(in, out, 8); }
