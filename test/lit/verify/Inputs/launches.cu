// One kernel launched with two block shapes, the body of 06_2d_blocks.cu's
// rowmajor kernels; launches.csv holds three launches of it (the H200's
// measurements of rowmajor_32x8, rowmajor_16x16 and rowmajor_64x4), and
// launches.raw.csv their shapes. The analyzer sees the first two.
__global__ void rowmajor(float* out, const float* a) {
  const int W = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = a[y * W + x];
  out[y * W + x] = v;
}

int main() {
  const int W = 2048, H = 2048;
  float *a, *out;
  cudaMalloc(&a, W * H * sizeof(float));
  cudaMalloc(&out, W * H * sizeof(float));
  rowmajor<<<dim3(W / 32, H / 8), dim3(32, 8)>>>(out, a);
  rowmajor<<<dim3(W / 16, H / 16), dim3(16, 16)>>>(out, a);
  return 0;
}
