// Shapes computed in floating point (PolyBench's ceil((float)N / block.x),
// (int)ceilf(n / 256.0f)) are evaluated as the program computes them; a
// conversion of an infinite value is not. (ceilf, not ceil: the header shim
// declares no double math.)
#define NX 1024
__global__ void shift(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0)
    b[i] = a[i - 1];
}
// Grid ceil(1024 / 256.0) = 4 blocks: warp 0 has lane 0 off (4 sectors),
// the other 31 warps read 5 sectors: 159/32.
void polybench(const float *a, float *b) {
  dim3 block(256, 1);
  dim3 grid((size_t)ceilf(((float)NX) / ((float)block.x)), 1);
  shift<<<grid, block>>>(a, b);
}
__global__ void k(float *a) { a[threadIdx.x + 1] = 0; }
// floorf(1000 / 3.0f) = floorf(333.333f) = 333 threads.
void thirds(float *a) {
  int n = 1000;
  k<<<(int)ceilf(n / 256.0f), (int)floorf(n / 3.0f)>>>(a);
}
__global__ void k2(float *a) { a[threadIdx.x + 1] = 0; }
// n / 0.0f is infinite: its conversion to int is undefined.
void infinite(float *a) {
  int n = 1000;
  k2<<<1, (int)(n / 0.0f)>>>(a);
}
