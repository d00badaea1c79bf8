// A dim3 built from another dim3's fields, and integer expressions reading
// them, are followed; a field of a dim3 set under a condition is not.
__global__ void k(float *a) {
  a[threadIdx.z * 4096 + threadIdx.y * 64 + blockIdx.x * blockDim.x +
    threadIdx.x + 1] = 0;
}
// (8,4,2): a warp is 4 rows of 8 floats, each 4 bytes past a sector start:
// 2 sectors per row.
void h(float *a) {
  dim3 d(8, 4, 2);
  dim3 b(d.x, d.y, d.z);
  k<<<8, b>>>(a);
}
__global__ void shift(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0)
    b[i] = a[i - 1];
}
// Grid 1024 / 256 = 4 blocks: warp 0 has lane 0 off (4 sectors), the other
// 31 warps read 5 sectors: 159/32.
void g(const float *a, float *b) {
  int n = 1024;
  dim3 block(256);
  dim3 grid(n / block.x);
  shift<<<grid, block>>>(a, b);
}
__global__ void k2(float *a) { a[threadIdx.x + 1] = 0; }
void u(float *a, bool c) {
  dim3 d(64);
  if (c)
    d.x = 32;
  dim3 b(d.x);
  k2<<<1, b>>>(a);
}
