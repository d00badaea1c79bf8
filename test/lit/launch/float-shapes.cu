// Shapes computed in floating point (PolyBench's ceil((float)N / block.x),
// (int)ceilf(n / 256.0f)) are evaluated as the program computes them; a
// conversion of an infinite value is not. (ceilf, not ceil: the header shim
// declares no double math.)
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
#define NX 1024
__global__ void shift(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0)
    b[i] = a[i - 1];
}
// Grid ceil(1024 / 256.0) = 4 blocks: warp 0 has lane 0 off (4 sectors),
// the other 31 warps read 5 sectors: 159/32.
// CHECK: warning: misaligned global load from 'a': 4.969 sectors/request
// CHECK-NOT: grid size unknown
// CHECK: block (256,1,1) from the launch at {{.*}}float-shapes.cu:[[@LINE+4]]:3
void polybench(const float *a, float *b) {
  dim3 block(256, 1);
  dim3 grid((size_t)ceilf(((float)NX) / ((float)block.x)), 1);
  shift<<<grid, block>>>(a, b);
}
__global__ void k(float *a) { a[threadIdx.x + 1] = 0; }
// floorf(1000 / 3.0f) = floorf(333.333f) = 333 threads: 10 warps over 5
// sectors (ideal 4), and 13 lanes over bytes 1284..1335 (2 sectors, ideal 2).
// CHECK: float-shapes.cu:[[@LINE-3]]:31: warning: misaligned global store to 'a': 4.727 sectors/request where 3.818 would do (80.8% efficiency)
// CHECK: block (333,1,1) from the launch at {{.*}}float-shapes.cu:[[@LINE+3]]:3
void thirds(float *a) {
  int n = 1000;
  k<<<(int)ceilf(n / 256.0f), (int)floorf(n / 3.0f)>>>(a);
}
__global__ void k2(float *a) { a[threadIdx.x + 1] = 0; }
// CHECK: float-shapes.cu:[[@LINE-1]]:32: warning: misaligned global store to 'a': 5 sectors/request where 4 would do (80% efficiency)
// n / 0.0f is infinite: its conversion to int is undefined.
// CHECK: assumed block (256,1,1): no launch site, --block-dim or __launch_bounds__ gives one (the launch at {{.*}}float-shapes.cu:[[@LINE+3]]:3 has a block shape only known at run time)
void infinite(float *a) {
  int n = 1000;
  k2<<<1, (int)(n / 0.0f)>>>(a);
}
