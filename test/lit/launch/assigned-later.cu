// A variable assigned after its declaration takes the last assignment that
// surely runs before the launch; an assignment under a condition or later in
// a loop around the launch leaves it unknown.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
__global__ void k1(float *a) { a[threadIdx.x + 1] = 0; }
// 48 threads: a full warp over bytes 4..131 (5 sectors, ideal 4) and 16
// lanes over bytes 132..195 (3 sectors, ideal 2).
// CHECK: assigned-later.cu:[[@LINE-3]]:32: warning: misaligned global store to 'a': 4 sectors/request where 3 would do (75% efficiency)
// CHECK: block (48,1,1) from the launch at {{.*}}assigned-later.cu:[[@LINE+5]]:3
void h1(float *a) {
  int t;
  t = 32;
  t = 48;
  k1<<<1, t>>>(a);
}
__global__ void k2(float *a) { a[threadIdx.y * 64 + threadIdx.x + 1] = 0; }
// Two rows of 16 floats, each 4 bytes past a sector start: 3 sectors each.
// CHECK: assigned-later.cu:[[@LINE-2]]:32: warning: misaligned global store to 'a': 6 sectors/request where 4 would do (66.7% efficiency)
// CHECK: block (16,2,1) from the launch at {{.*}}assigned-later.cu:[[@LINE+5]]:3
void h2(float *a) {
  dim3 b;
  b = dim3(16, 16);
  b.y = 2;
  k2<<<1, b>>>(a);
}
__global__ void k3(float *a) { a[threadIdx.x + 1] = 0; }
// CHECK: assigned-later.cu:[[@LINE-1]]:32: warning: misaligned global store to 'a': 5 sectors/request where 4 would do (80% efficiency)
// CHECK: assumed block (256,1,1): no launch site, --block-dim or __launch_bounds__ gives one (the launch at {{.*}}assigned-later.cu:[[@LINE+5]]:3 has a block shape only known at run time)
void h3(float *a, bool wide) {
  int t = 32;
  if (wide)
    t = 64;
  k3<<<1, t>>>(a);
}
__global__ void k4(float *a) { a[threadIdx.x + 1] = 0; }
// CHECK: assigned-later.cu:[[@LINE-1]]:32: warning: misaligned global store to 'a': 5 sectors/request where 4 would do (80% efficiency)
// The second time round the loop the block has 64 threads.
// CHECK: assumed block (256,1,1): no launch site, --block-dim or __launch_bounds__ gives one (the launch at {{.*}}assigned-later.cu:[[@LINE+4]]:5 has a block shape only known at run time)
void h4(float *a) {
  int t = 32;
  for (int i = 0; i < 2; ++i) {
    k4<<<1, t>>>(a);
    t = 64;
  }
}
