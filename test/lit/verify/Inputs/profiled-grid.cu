__global__ void fill(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 0;
}
void run(int *out) {
  int sizes[] = {16, 4096};
  for (int k = 0; k < 2; ++k)
    fill<<<(sizes[k] + 255) / 256, 256>>>(out, sizes[k]);
}
