// nvcc defines __CUDACC__ as 1, and real code tests it with `#if`
// (HeCBench ssim's gdt/math/vec/compare.h): Clang's CUDA wrapper defines it
// empty, which made the file fail to compile here ("expected value in
// expression", exit 2) and lost its kernels.
// RUN: %cc --show-all %s | %filecheck %s
#if __CUDACC__
__device__ float twice(float x) { return 2 * x; }
#endif
__global__ void scale(float *a) { a[threadIdx.x] = twice(a[threadIdx.x]); }
// CHECK: cudacc-has-a-value.cu:[[@LINE-1]]:35: remark: coalesced global store to 'a'
void launch(float *a) { scale<<<1, 32>>>(a); }
