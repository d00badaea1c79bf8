// llm.c's dev/cuda programs: main sets the row width, a dispatcher switches
// on the kernel number (read from argv) and calls a launcher, which
// launches; the program also times the dispatcher through a template that
// forwards its arguments. The width reaches the kernel through both.
// Rows of 50257 floats start 1 float later in each 8-float sector from one
// row to the next: a warp's 32 floats take 4 sectors in 1 row of 8 and 5 in
// the others, 4.875 over the 8192 rows.
// RUN: not %cc %s | %filecheck %s
#include <cstdlib>
#include <utility>
template <class Kernel, class... KernelArgs>
float benchmark_kernel(int repeats, Kernel kernel, KernelArgs &&...kernel_args) {
  for (int i = 0; i < repeats; i++)
    kernel(std::forward<KernelArgs>(kernel_args)...);
  return 0.f;
}
__global__ void row_head(float *out, const float *inp, int N, int C) {
  out[blockIdx.x * C + threadIdx.x] = inp[blockIdx.x * C + threadIdx.x];
  // CHECK: host-calls-any-depth.cu:[[@LINE-1]]:39: warning: misaligned global load from 'inp': 4.875 sectors/request where 4 would do
  // CHECK: note: block (32,1,1) from the launch at {{.*}}host-calls-any-depth.cu:[[@LINE+5]]:3
  // CHECK: host-calls-any-depth.cu:[[@LINE-3]]:3: warning: misaligned global store to 'out': 4.875 sectors/request where 4 would do
  // CHECK-NOT: unknown
}
void row_head1(float *out, const float *inp, int N, int C) {
  row_head<<<N, 32>>>(out, inp, N, C);
}
void forward(int kernel_num, float *out, const float *inp, int N, int C) {
  switch (kernel_num) {
  case 1:
    row_head1(out, inp, N, C);
    break;
  }
}
int main(int argc, char **argv) {
  int B = 8, T = 1024, V = 50257;
  float *d_out = nullptr, *d_inp = nullptr;
  int kernel_num = 1;
  if (argc > 1)
    kernel_num = atoi(argv[1]);
  forward(kernel_num, d_out, d_inp, B * T, V);
  benchmark_kernel(100, forward, kernel_num, d_out, d_inp, B * T, V);
}
