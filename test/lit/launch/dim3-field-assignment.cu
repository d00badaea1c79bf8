// Block shapes set field by field (`dim3 threads; threads.x = 16;`) before
// the launch are followed; a field set under a condition is not.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
__global__ void k(const float *a, float *o, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  o[y * w + x] = a[x * w + y];
}
// A warp is two half rows of 16: 16 values of x, each its own sector (y and
// y + 1 share one), for 128 bytes; the store is two aligned 64-byte runs.
void launch(const float *a, float *o) {
  dim3 threads;
  threads.x = 16;
  threads.y = 16;
  dim3 blocks;
  blocks.x = 64;
  blocks.y = 64;
  k<<<blocks, threads>>>(a, o, 1024);
}
// 32 values of x in a warp: 32 sectors; the diagnostic shows this launch,
// the worse, and names the other.
// CHECK: dim3-field-assignment.cu:[[@LINE-15]]:18: warning: strided global load from 'a': 32 sectors/request where 4 would do (12.5% efficiency)
// CHECK: assumed block (32,8,1): no launch site, --block-dim or __launch_bounds__ gives one (the launch at {{.*}}dim3-field-assignment.cu:[[@LINE+6]]:3 has a block shape only known at run time)
// CHECK: note: the same access in 1 other kernel instance, launch or call: 'k' (block (16,16,1) from the launch at {{.*}}dim3-field-assignment.cu:[[@LINE-6]]:3): 16 sectors/request{{$}}
void launch_if(const float *a, float *o, bool wide) {
  dim3 threads(8, 8);
  if (wide)
    threads.x = 32;
  k<<<64, threads>>>(a, o, 1024);
}
