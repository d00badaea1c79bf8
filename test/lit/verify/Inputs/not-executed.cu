// split.cu again; not-executed.csv gives line 8 a global load that never
// ran (the slow path of a math function, HeCBench fft on an H100).

__global__ void load_off1(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] =
      a[t + 1];
}

int main() {
  const int N = 1 << 20;
  float *out, *a;
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&a, (N + 32) * sizeof(float));
  load_off1<<<N / 256, 256>>>(out, a);
  return 0;
}
