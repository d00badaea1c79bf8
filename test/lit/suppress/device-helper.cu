// An access in a __device__ helper is silenced where it is written, for
// every kernel that reaches it.
// RUN: %python %inputs/exit-code.py 0 %cc %s 2>&1 | %filecheck %s --implicit-check-not=warning:
__device__ void put(float *a, int i) {
  a[i * 2] = 1.0f; // NOLINT(cuda-memory-coalescing)
}
__global__ void k1(float *a) { put(a, blockIdx.x * blockDim.x + threadIdx.x); }
__global__ void k2(float *a) { put(a, blockIdx.x * blockDim.x + threadIdx.x); }
void go(float *a) {
  k1<<<64, 256>>>(a);
  k2<<<64, 128>>>(a);
}
// One comment, one finding, though two kernels reach it.
// CHECK: cuda-coalesce: note: 1 finding suppressed by {{NOLINT$}}
