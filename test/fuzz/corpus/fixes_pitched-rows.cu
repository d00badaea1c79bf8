// Rows of 1001 floats start at every 4-byte offset; padding each row to a
// pitch of 4096 bytes (cudaMallocPitch) aligns them.
__global__ void copy_rows(const float *a, float *o) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < 1001)
    o[y * 1001 + x] = a[y * 1001 + x];
}
__global__ void copy_pitched(const float *a, float *o) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < 1001)
    o[y * 1024 + x] = a[y * 1024 + x];
}
void launch(const float *a, float *o) {
  copy_rows<<<dim3(4, 1000), 256>>>(a, o);
  copy_pitched<<<dim3(4, 1000), 256>>>(a, o);
}
