// Compiles only for the architecture named by EXPECT_ARCH (e.g. 700).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != EXPECT_ARCH
#error "wrong architecture"
#endif
__global__ void k(const float *a, float *o) { o[threadIdx.x] = a[2 * threadIdx.x]; }
