// NOLINTNEXTLINE(cuda-memory-coalescing) silences the line after it, and
// only that line.
// RUN: %python %inputs/exit-code.py 1 %cc %s | %filecheck %s --implicit-check-not=warning:
__global__ void k(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  // NOLINTNEXTLINE(cuda-memory-coalescing)
  a[t * 2] = 1.0f;
  a[t * 4] = 1.0f;
  // CHECK: nolint-next-line.cu:[[@LINE-1]]:3: warning: strided global store to 'a': 16 sectors/request
}
void go(float *a) { k<<<64, 256>>>(a); }
