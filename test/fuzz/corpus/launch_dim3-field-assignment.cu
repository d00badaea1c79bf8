// Block shapes set field by field (`dim3 threads; threads.x = 16;`) before
// the launch are followed; a field set under a condition is not.
__global__ void k(const float *a, float *o, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  o[y * w + x] = a[x * w + y];
}
void launch(const float *a, float *o) {
  dim3 threads;
  threads.x = 16;
  threads.y = 16;
  dim3 blocks;
  blocks.x = 64;
  blocks.y = 64;
  k<<<blocks, threads>>>(a, o, 1024);
}
void launch_if(const float *a, float *o, bool wide) {
  dim3 threads(8, 8);
  if (wide)
    threads.x = 32;
  k<<<64, threads>>>(a, o, 1024);
}
