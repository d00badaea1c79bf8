// A check list silences the access when one of its globs names
// cuda-memory-coalescing, as clang-tidy reads it: `*` wildcards, spaces
// ignored, negative globs dropped, an empty list silences nothing.
// RUN: %python %inputs/exit-code.py 1 %cc %s | %filecheck %s --implicit-check-not=warning:
__global__ void k(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * 2] = 1.0f; // NOLINT(cuda-*)
  a[t * 3] = 1.0f; // NOLINT(google-runtime-int, *-coalescing)
  a[t * 5] = 1.0f; // NOLINT( cuda-memory-coalescing )
  a[t * 4] = 1.0f; // NOLINT(google-*)
  // CHECK: nolint-globs.cu:[[@LINE-1]]:3: warning: strided global store
  a[t * 6] = 1.0f; // NOLINT(-cuda-memory-coalescing)
  // CHECK: nolint-globs.cu:[[@LINE-1]]:3: warning: strided global store
  a[t * 7] = 1.0f; // NOLINT()
  // CHECK: nolint-globs.cu:[[@LINE-1]]:3: warning: strided global store
}
void go(float *a) { k<<<64, 256>>>(a); }
