// Instructions Nsight Compute lists under CUDA's headers (headers.csv:
// measured on an H200): __ldg's load under sm_32_intrinsics.hpp and the
// kernel's line (28_misc_kinds.cu), atomicAdd's only under
// device_atomic_functions.hpp (14_histogram.cu; headers.ptx: its PTX, which
// says where the header line was inlined).
__global__ void ldg_load(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = __ldg(&a[t]);
  out[t] = v;
}

__global__ void hist_global(int* hist, const unsigned char* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int b = data[i];
  atomicAdd(&hist[b], 1);
}

int main() {
  const int N = 1 << 20;
  float *out, *a;
  int *hist;
  unsigned char *data;
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&hist, 256 * sizeof(int));
  cudaMalloc(&data, N);
  ldg_load<<<N / 256, 256>>>(out, a);
  hist_global<<<N / 256, 256>>>(hist, data);
  return 0;
}
