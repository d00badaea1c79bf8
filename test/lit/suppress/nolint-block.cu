// The lines between NOLINTBEGIN and NOLINTEND are silenced; an END must
// repeat its BEGIN's check list, and an unmatched BEGIN silences nothing.
// RUN: %python %inputs/exit-code.py 1 %cc %s | %filecheck %s --implicit-check-not=warning:
__global__ void k(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * 2] = 1.0f;
  // CHECK: nolint-block.cu:[[@LINE-1]]:3: warning: strided global store
  // NOLINTBEGIN(cuda-memory-coalescing)
  a[t * 3] = 1.0f;
  a[t * 4] = 1.0f;
  // NOLINTEND(cuda-memory-coalescing)
  a[t * 5] = 1.0f;
  // CHECK: nolint-block.cu:[[@LINE-1]]:3: warning: strided global store
  // NOLINTBEGIN(cuda-*)
  a[t * 6] = 1.0f;
  // CHECK: nolint-block.cu:[[@LINE-1]]:3: warning: strided global store
}
void go(float *a) { k<<<64, 256>>>(a); }
