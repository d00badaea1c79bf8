// A launch written in a constructor is evaluated in the constructor's body,
// like one in any other function.
// RUN: %python %inputs/exit-code.py 1 %cc %s | %filecheck %s
__global__ void k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t + 1];
}
// Every warp reads 128 bytes starting 4 bytes into a sector.
// CHECK: launch-in-constructor.cu:[[@LINE-3]]:10: warning: misaligned global load from 'a': 5 sectors/request where 4 would do (80% efficiency)
// CHECK: note: block (128,1,1) from the launch at {{.*}}launch-in-constructor.cu:[[@LINE+5]]:5
struct Launcher {
  Launcher(const float *a, float *o) {
    int threads = 64;
    threads = 128;
    k<<<16, threads>>>(a, o);
  }
};
