// 01_offsets.cu's load_off1 with its statement written over two lines: nvcc
// files the load under the statement's first line (split.csv: the kernel's
// measurement on an H200, both instructions under line 6).
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
