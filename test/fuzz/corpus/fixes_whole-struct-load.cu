// Every field of a 16-byte struct is used: AoS is fine, load it whole.
struct __align__(16) Quad { float a, b, c, d; };
__global__ void sum(const Quad *q, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = q[i].a;
  s += q[i].b + q[i].c + q[i].d;
  out[i] = s;
}
__global__ void sum_whole(const Quad *q, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Quad v = q[i];
  out[i] = v.a + v.b + v.c + v.d;
}
void launch(const Quad *q, float *o) {
  sum<<<256, 256>>>(q, o);
  sum_whole<<<256, 256>>>(q, o);
}
