// One kernel launched with two block shapes. launches.csv holds three
// launches of it: the H200's measurements of 06_2d_blocks.cu's
// rowmajor_32x8, rowmajor_16x16 and rowmajor_64x4, whose accesses are this
// kernel's, filed under its lines; launches.raw.csv has their shapes. The
// analyzer sees the first two.
__global__ void rowmajor(float* out, const float* a) {
  int i = (blockIdx.y * blockDim.y + threadIdx.y) * 2048 + blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i];
}

int main() {
  float *a, *out;
  cudaMalloc(&a, 2048 * 2048 * sizeof(float));
  cudaMalloc(&out, 2048 * 2048 * sizeof(float));
  rowmajor<<<dim3(64, 256), dim3(32, 8)>>>(out, a);
  rowmajor<<<dim3(128, 128), dim3(16, 16)>>>(out, a);
  return 0;
}
