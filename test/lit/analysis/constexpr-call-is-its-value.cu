// A call to a constexpr function with constant arguments is the constant
// Clang evaluates, as nvcc folds it: no instruction computes it. Walked as
// code instead, a struct it returns was a value of unknown fields, so a
// stride read from it left the access's count unknown, and a template
// instance that its configuration table marks unused (`if (config<T>().rows
// == 0) return;`, nvcc compiles it to nothing) was reported as if it ran.
// RUN: not %cc --show-all %s | %filecheck %s

struct TileConfig {
  int rows;
  int stride;
};

constexpr TileConfig config(int elementBytes) {
  if (elementBytes == 4)
    return {32, 8};
  if (elementBytes == 2)
    return {64, 1};
  return {0, 0};
}

template <class T> __global__ void tile(const T *in, T *out) {
  if (config(sizeof(T)).rows == 0)
    return;
  out[blockIdx.x * 256 + threadIdx.x] =
      in[threadIdx.x * config(sizeof(T)).stride];
  // CHECK: constexpr-call-is-its-value.cu:[[@LINE-1]]:7: warning: strided global load from 'in': 32 sectors/request where 4 would do (12.5% efficiency) [cuda-coalesce] (in kernel 'tile<float>')
  // CHECK: 'tile<short>' {{.*}}: 2 sectors/request
  // CHECK: constexpr-call-is-its-value.cu:[[@LINE-4]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4) [cuda-coalesce] (in kernel 'tile<float>')
  // CHECK-NOT: guard depends on values not known
  // CHECK: in 2 instances: 4 sectors/request in 1, 2 in 1
}

void launch(float *f, short *s, double *d) {
  tile<<<8, 256>>>(f, f);
  tile<<<8, 256>>>(s, s);
  tile<<<8, 256>>>(d, d);
  // CHECK: constexpr-call-is-its-value.cu:22:36: remark: kernel 'tile<double>' has no global- or shared-memory accesses
}
