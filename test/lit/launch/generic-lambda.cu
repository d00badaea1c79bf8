// ggml's ssm_conv picks a kernel instance with a generic lambda called with
// each constant: `auto launch_kernel = [&](auto NC) { k<NC><<<...>>>(...); }`.
// The lambda's body is a template; each call instantiates it, and each
// instance launches its kernel with the block written there (128), not an
// assumed one.
// RUN: not %cc %s | %filecheck %s
#include <type_traits>
template <int NC> __global__ void conv(const float *x, float *y) {
  y[blockIdx.x * 128 + threadIdx.x] = x[(blockIdx.x * 128 + threadIdx.x) * NC];
  // CHECK: generic-lambda.cu:[[@LINE-1]]:39: warning: strided global load from 'x': 12 sectors/request where 4 would do {{.*}}(in kernel 'conv<3>')
  // CHECK: note: block (128,1,1) from the launch at {{.*}}generic-lambda.cu:[[@LINE+6]]:5
}
void run(const float *x, float *y, int nc, int n) {
  const int threads = 128;
  auto launch = [&](auto NC) {
    constexpr int kNC = decltype(NC)::value;
    conv<kNC><<<n / threads, threads>>>(x, y);
  };
  switch (nc) {
  case 1:
    launch(std::integral_constant<int, 1>{});
    break;
  case 3:
    launch(std::integral_constant<int, 3>{});
    break;
  }
}
