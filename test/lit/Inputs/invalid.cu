// Errors inside kernels: unknown types, members of invalid records,
// dependent nonsense. The analysis must not crash on the recovered AST.
struct Broken { UnknownType a; float b; };
__global__ void k1(Broken *p, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = p[t].b + p[t].a;
}
__global__ void k2(float *o, int n) {
  auto t = undeclared(threadIdx.x);
  o[t * n] = missing[t];
  for (int i = 0; i < n; i += unknown_step)
    o[i] = o[i + bad.x];
}
template <typename T> __global__ void k3(T *o) { o[threadIdx.x] = T::nothing; }
void launch(float *o) { k3<<<1, 32>>>(o); k2<<<1, 32>>>(o, 4); }
