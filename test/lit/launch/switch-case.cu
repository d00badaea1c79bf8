// A launch under `case N:` of a switch on the block size has that size; one
// reached by falling through from another case does not.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
void log(int);
__global__ void ka(float *a) { a[threadIdx.x + 1] = 0; }
// CHECK: switch-case.cu:[[@LINE-1]]:32: warning: misaligned global store to 'a': 5 sectors/request where 4 would do (80% efficiency)
// CHECK: block (128,1,1) from the launch at {{.*}}switch-case.cu:[[@LINE+11]]:5
__global__ void kb(float *a) { a[threadIdx.x + 1] = 0; }
// Reached with 64 or 32 threads.
// CHECK: switch-case.cu:[[@LINE-2]]:32: warning: misaligned global store to 'a': 5 sectors/request where 4 would do (80% efficiency)
// CHECK: assumed block (256,1,1): no launch site, --block-dim or __launch_bounds__ gives one (the launch at {{.*}}switch-case.cu:[[@LINE+12]]:5 has a block shape only known at run time)
void run(float *a, int threads) {
  dim3 block(threads, 1, 1);
  switch (threads) {
  case 256:
    break;
  case 128:
    ka<<<1, block>>>(a);
    break;
  case 64:
    log(threads);
  case 32:
    kb<<<1, block>>>(a);
    break;
  }
}
