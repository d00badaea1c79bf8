// 22_device_helper.cu's helper_strided: an inlined helper's load and store
// (helper-callee.csv: listed by Nsight Compute at the helpers' lines, as
// measured on an H200; helper-call.csv: the load listed at the call instead).
__device__ float load_at(const float* p, int i) {
  return p[i];
}

__device__ void store_at(float* p, int i, float v) {
  p[i] = v;
}

__global__ void helper_strided(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = load_at(a, 4 * t);
  store_at(out, t, v);
}

int main() {
  const int N = 1 << 20;
  float *out, *a;
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&a, 4L * N * sizeof(float));
  helper_strided<<<N / 256, 256>>>(out, a);
  return 0;
}
