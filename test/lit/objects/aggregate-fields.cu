// An aggregate built in the kernel (`Pair q{in, 1}`) keeps its fields:
// `q.p[t * q.ld]` is `in[t]`, coalesced, not an unknown stride.
// RUN: %cc --show-all %s | %filecheck %s
struct Pair {
  const float *p;
  int ld;
};
__global__ void gather(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  Pair q{in, 1};
  out[t] = q.p[t * q.ld];
  // CHECK: aggregate-fields.cu:[[@LINE-1]]:12: remark: coalesced global load from 'in': 4 sectors/request (ideal 4) [cuda-coalesce]
  // CHECK: note: index blockIdx.x*blockDim.x + threadIdx.x (4-byte elements)
}
void launch(const float *in, float *out) { gather<<<64, 256>>>(in, out); }
