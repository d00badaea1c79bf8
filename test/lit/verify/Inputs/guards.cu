// 36_guards.cu's lane0_stcs (guards.csv: its launch, measured on an H200):
// one lane a block stores, under a predicate: the other warps execute the
// store with every lane off, and Nsight Compute counts them as requests.
__global__ void lane0_stcs(float *out, float *mean, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i] * 2.0f;
  if (threadIdx.x == 0)
    __stcs(mean + blockIdx.x, v);
  out[i] = v;
}

int main() {
  const int N = 1 << 20;
  float *out, *mean, *in;
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&mean, N / 256 * sizeof(float));
  cudaMalloc(&in, N * sizeof(float));
  lane0_stcs<<<N / 256, 256>>>(out, mean, in);
  return 0;
}
