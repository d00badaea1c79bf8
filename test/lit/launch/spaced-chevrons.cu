// A launch whose chevrons a formatter spaced apart (`k<< <grid, block>>>`,
// as older clang-format writes CUDA) is a launch to nvcc: its block shape
// holds. Before, the host function failed to parse, and the kernel was
// analysed under the assumed block (32 sectors predicted where a (16,16)
// block measured 16).
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void column(const float *a, float *o, int n) {
  o[threadIdx.y * 16 + threadIdx.x] = a[threadIdx.x * n + threadIdx.y];
  // CHECK: spaced-chevrons.cu:[[@LINE-1]]:39: warning: strided global load from 'a'
  // CHECK: note: block (16,16,1) from the launch at {{.*}}spaced-chevrons.cu:[[@LINE+5]]:3
}
void run(const float *a, float *o) {
  dim3 grid(1), block(16, 16);
  // The launch's own columns: the note above points at it.
  column<< <grid, block>>>(a, o, 64);
}
