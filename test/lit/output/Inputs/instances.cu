// One line under four kernel instances and launches: lanes 2 floats apart
// (8 sectors for 4), 4 floats (16 for 4), 4 doubles (32 for 8) twice.
template <int K, typename T> __global__ void col(const T *x, T *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i * K];
}
int main() {
  float *a, *b;
  double *c, *d;
  col<2, float><<<100, 256>>>(a, b);
  col<4, float><<<100, 256>>>(a, b);
  col<4, double><<<100, 128>>>(c, d);
  col<4, double><<<50, 64>>>(c, d);
}
