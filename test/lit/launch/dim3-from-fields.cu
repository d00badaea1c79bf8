// A dim3 built from another dim3's fields, and integer expressions reading
// them, are followed; a field of a dim3 set under a condition is not.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
__global__ void k(float *a) {
  a[threadIdx.z * 4096 + threadIdx.y * 64 + blockIdx.x * blockDim.x +
    threadIdx.x + 1] = 0;
}
// (8,4,2): a warp is 4 rows of 8 floats, each 4 bytes past a sector start:
// 2 sectors per row.
// CHECK: warning: misaligned global store to 'a': 8 sectors/request where 4 would do (50% efficiency)
// CHECK: block (8,4,2) from the launch at {{.*}}dim3-from-fields.cu:[[@LINE+4]]:3
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
// CHECK: warning: misaligned global load from 'a': 4.969 sectors/request
// CHECK-NOT: grid size unknown
// CHECK: block (256,1,1) from the launch at {{.*}}dim3-from-fields.cu:[[@LINE+5]]:3
void g(const float *a, float *b) {
  int n = 1024;
  dim3 block(256);
  dim3 grid(n / block.x);
  shift<<<grid, block>>>(a, b);
}
__global__ void k2(float *a) { a[threadIdx.x + 1] = 0; }
// CHECK: dim3-from-fields.cu:[[@LINE-1]]:32: warning: misaligned global store to 'a': 5 sectors/request where 4 would do (80% efficiency)
// CHECK: assumed block (256,1,1): no launch site, --block-dim or __launch_bounds__ gives one (the launch at {{.*}}dim3-from-fields.cu:[[@LINE+6]]:3 has a block shape only known at run time)
void u(float *a, bool c) {
  dim3 d(64);
  if (c)
    d.x = 32;
  dim3 b(d.x);
  k2<<<1, b>>>(a);
}
