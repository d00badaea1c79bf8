// An array member of a struct local to the thread (`S s; s.a[i]`) is
// thread-private memory, not global: only `out`'s accesses are reported.
// RUN: not %cc --show-all %s | %filecheck --implicit-check-not=remark: %s
struct S {
  float a[4];
};
__global__ void unpack(float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  S s;
  for (int i = 0; i < 4; ++i)
    s.a[i] = out[t + i];
  // Trip 0 aligned (4 sectors), trips 1..3 one sector more: 4.75.
  // CHECK: local-struct-array-member.cu:[[@LINE-2]]:14: warning: misaligned global load from 'out': 4.75 sectors/request
  out[t] = s.a[t % 4];
  // CHECK: local-struct-array-member.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
void launch(float *out) { unpack<<<64, 256>>>(out); }
