// ggml launches through a wrapper: the kernel, a struct of shapes built by a
// constructor, and the kernel's arguments forwarded. Each call of the
// wrapper is a launch of the kernel it passes, with that call's shapes and
// arguments, placed at the call.
// RUN: %python %inputs/exit-code.py 1 %cc %s | %filecheck %s
#include <cuda_runtime.h>
#include <utility>

struct ggml_cuda_kernel_launch_params {
  dim3 block_nums;
  dim3 block_dims;
  size_t shmem;
  cudaStream_t stream;
  ggml_cuda_kernel_launch_params(const dim3 &block_nums_,
                                 const dim3 &block_dims_, const size_t shmem_,
                                 const cudaStream_t stream_)
      : block_nums(block_nums_), block_dims(block_dims_), shmem(shmem_),
        stream(stream_) {}
};

template <typename Kernel, typename... Args>
static __inline__ void
ggml_cuda_kernel_launch(Kernel kernel,
                        const ggml_cuda_kernel_launch_params &launch_params,
                        Args &&...args) {
  kernel<<<launch_params.block_nums, launch_params.block_dims,
           launch_params.shmem, launch_params.stream>>>(
      std::forward<Args>(args)...);
}

// With 16x16 blocks a warp is two half rows: lanes 0-15 walk a column of 16
// rows, lanes 16-31 the next column, whose word shares each row's sector:
// 16 sectors where 4 would do (an assumed 32x8 block would give 32).
__global__ void transpose_naive(const float *x, float *dst, int width) {
  dst[threadIdx.y * width + threadIdx.x] = x[threadIdx.x * width + threadIdx.y];
  // CHECK: wrapper-function.cu:[[@LINE-1]]:44: warning: strided global load from 'x': 16 sectors/request where 4 would do
  // CHECK: note: block (16,16,1) from the launch at {{.*}}wrapper-function.cu:[[@LINE+15]]:3
}

// The step comes from the forwarded argument: 2 floats apart, 8 sectors; 4
// floats apart, 16 sectors.
__global__ void gather(const float *x, float *dst, int step) {
  dst[threadIdx.x] = x[threadIdx.x * step];
  // CHECK: wrapper-function.cu:[[@LINE-1]]:22: warning: strided global load from 'x': 16 sectors/request where 4 would do
  // CHECK: note: block (32,1,1) from the launch at {{.*}}wrapper-function.cu:[[@LINE+10]]:3
  // CHECK: note: the same access in 1 other kernel instance, launch or call: 'gather' (block (32,1,1) from the launch at {{.*}}wrapper-function.cu:[[@LINE+8]]:3): 8 sectors/request{{$}}
}

void run(const float *x, float *dst, cudaStream_t stream) {
  const ggml_cuda_kernel_launch_params square =
      ggml_cuda_kernel_launch_params(dim3(64, 64), dim3(16, 16), 0, stream);
  ggml_cuda_kernel_launch(transpose_naive, square, x, dst, 1024);
  const ggml_cuda_kernel_launch_params row(dim3(1), dim3(32), 0, stream);
  ggml_cuda_kernel_launch(gather, row, x, dst, 2);
  ggml_cuda_kernel_launch(gather, row, x, dst, 4);
}
