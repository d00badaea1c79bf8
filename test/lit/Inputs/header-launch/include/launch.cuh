// Launch helpers of a project header, as ggml's ggml_cuda_kernel_launch:
// the <<<>>> is written here, the block comes from the file that calls.
#pragma once

template <class K, class... A>
void launch_with(K kernel, dim3 g, dim3 b, A... a) {
  kernel<<<g, b>>>(a...);
}

struct launch_params {
  dim3 grid, block;
  launch_params(const dim3 &g, const dim3 &b) : grid(g), block(b) {}
};

template <class K, class... A>
void launch_with_params(K kernel, const launch_params &p, A &&...a) {
  kernel<<<p.grid, p.block>>>(a...);
}
