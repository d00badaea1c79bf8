// NOLINT(cuda-memory-coalescing) on the access's line silences it; the
// other accesses are still reported.
// RUN: %python %inputs/exit-code.py 1 %cc %s | %filecheck %s --implicit-check-not=warning:
__global__ void k(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * 2] = 1.0f; // NOLINT(cuda-memory-coalescing)
  a[t * 4] = 1.0f;
  // CHECK: nolint-same-line.cu:[[@LINE-1]]:3: warning: strided global store to 'a': 16 sectors/request
  a[t * 8] = 1.0f; /* NOLINT(cuda-memory-coalescing) */
}
void go(float *a) { k<<<64, 256>>>(a); }
