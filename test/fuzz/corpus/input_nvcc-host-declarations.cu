// Host code may call what nvcc's cuda_runtime.h declares for the host and
// Clang's wrapper does not: min/max overloads, clock(), isfinite() without
// <math.h>. It parses without a note.
// REQUIRES: cuda-toolkit
#include <cstddef>
__global__ void copy(const float *a, float *b) {
  b[blockIdx.x * blockDim.x + threadIdx.x] = a[blockIdx.x * blockDim.x + threadIdx.x];
}

template <class T> bool finite_all(const T *v, int n) {
  for (int i = 0; i < n; i++)
    if (!isfinite(v[i]))
      return false;
  return true;
}

int main() {
  float host[4] = {0, 1, 2, 3};
  size_t n = max((size_t)4, sizeof(host) / sizeof(host[0]));
  unsigned blocks = min(unsigned(n / 256 + 1), 65535u);
  clock_t start = clock();
  copy<<<blocks, 256>>>(host, host);
  double seconds = double(clock() - start) / CLOCKS_PER_SEC;
  return finite_all(host, 4) && seconds >= 0 ? 0 : 1;
}
