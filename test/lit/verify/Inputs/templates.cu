// 23_templates.cu's kernels (templates.csv: measured on an H200), whose
// instances Nsight Compute names tstride<(int)4> where the analyzer says
// tstride<4>.
template <typename T>
__global__ void tscale(T* out, const T* in, T s) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  T v = in[t];
  out[t] = v * s;
}

template <int S>
__global__ void tstride(float* out, const float* in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[S * t];
  out[t] = v;
}

int main() {
  const int N = 1 << 20;
  float *a, *out;
  cudaMalloc(&a, 32L * N * sizeof(float));
  cudaMalloc(&out, 2L * N * sizeof(float));
  tscale<float><<<N / 256, 256>>>(out, a, 2.0f);
  tscale<double><<<N / 256, 256>>>((double*)out, (const double*)a, 2.0);
  tstride<1><<<N / 256, 256>>>(out, a);
  tstride<4><<<N / 256, 256>>>(out, a);
  tstride<32><<<N / 256, 256>>>(out, a);
  return 0;
}
