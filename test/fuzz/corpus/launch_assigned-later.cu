// A variable assigned after its declaration takes the last assignment that
// surely runs before the launch; an assignment under a condition or later in
// a loop around the launch leaves it unknown.
__global__ void k1(float *a) { a[threadIdx.x + 1] = 0; }
void h1(float *a) {
  int t;
  t = 32;
  t = 48;
  k1<<<1, t>>>(a);
}
__global__ void k2(float *a) { a[threadIdx.y * 64 + threadIdx.x + 1] = 0; }
void h2(float *a) {
  dim3 b;
  b = dim3(16, 16);
  b.y = 2;
  k2<<<1, b>>>(a);
}
__global__ void k3(float *a) { a[threadIdx.x + 1] = 0; }
void h3(float *a, bool wide) {
  int t = 32;
  if (wide)
    t = 64;
  k3<<<1, t>>>(a);
}
__global__ void k4(float *a) { a[threadIdx.x + 1] = 0; }
// The second time round the loop the block has 64 threads.
void h4(float *a) {
  int t = 32;
  for (int i = 0; i < 2; ++i) {
    k4<<<1, t>>>(a);
    t = 64;
  }
}
