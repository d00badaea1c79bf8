// llm.c's dev/cuda programs check a kernel once at a block size of 256, then
// time it at each size of a list, through a template that forwards its
// arguments to the dispatcher (benchmark_kernel(repeat, f, args...)), which
// hands a launcher to a helper as a function pointer. Each call with values
// of its own is a launch of its own: the block sizes 256, 32, 64, 128, 512
// and 1024 (not an unknown block where the callers disagree).
// RUN: %python %inputs/exit-code.py 1 %cc %s | %filecheck %s
#include <utility>
__global__ void rows(float *o, const float *a, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < T)
    o[t] = a[t * T];
  // CHECK: callers-disagree.cu:[[@LINE-1]]:12: warning: strided global load from 'a': 32 sectors/request
  // CHECK: note: block (256,1,1) from the launch at {{.*}}callers-disagree.cu:[[@LINE+6]]:3
  // CHECK: note: the same access in 5 other kernel instances, launches or calls: 'rows' (block (32,1,1) {{.*}}; 'rows' (block (64,1,1) {{.*}}; 'rows' (block (128,1,1) {{.*}}; 'rows' (block (512,1,1) {{.*}}; and 1 more
  // CHECK-NOT: only known at run time
}

void launch_rows(float *o, const float *a, int T, int block_size) {
  rows<<<(T + block_size - 1) / block_size, block_size>>>(o, a, T);
}
template <class Launcher>
void backward1(float *o, const float *a, int T, Launcher launch,
               const int block_size) {
  launch(o, a, T, block_size);
}
void backward(int kernel_num, float *o, const float *a, int T,
              const int block_size) {
  switch (kernel_num) {
  case 1:
    backward1(o, a, T, launch_rows, block_size);
    break;
  }
}
template <class Kernel, class... Args>
float benchmark_kernel(int repeats, Kernel kernel, Args &&...args) {
  for (int i = 0; i < repeats; i++)
    kernel(std::forward<Args>(args)...);
  return 0.0f;
}
int main(int argc, char **argv) {
  float *o = nullptr, *a = nullptr;
  int kernel_num = argc > 1 ? argv[1][0] - '0' : 1;
  backward(kernel_num, o, a, 1024, 256);
  int block_sizes[] = {32, 64, 128, 256, 512, 1024};
  for (int j = 0; j < sizeof(block_sizes) / sizeof(int); j++) {
    int block_size = block_sizes[j];
    benchmark_kernel(10, backward, kernel_num, o, a, 1024, block_size);
  }
}
