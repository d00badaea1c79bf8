// A hashed index is data-dependent across lanes: scattered.
// RUN: not %cc %s | %filecheck %s
__device__ unsigned hash(unsigned x) {
  x ^= x >> 16;
  x *= 0x45d9f3bu;
  return x ^ (x >> 16);
}
__global__ void probe(const int *table, int *out, unsigned mask) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = table[hash(t) & mask];
  // CHECK: data-dependent-hash.cu:[[@LINE-1]]:12: warning: scattered global load from 'table'
}
void launch(const int *t, int *o) { probe<<<64, 256>>>(t, o, 1023); }
