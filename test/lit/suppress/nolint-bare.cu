// Bare NOLINT and NOLINTNEXTLINE silence every check, ours included.
// RUN: %python %inputs/exit-code.py 1 %cc %s | %filecheck %s --implicit-check-not=warning:
__global__ void k(float *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t * 2] = 1.0f; // NOLINT
  // NOLINTNEXTLINE
  a[t * 3] = 1.0f;
  a[t * 4] = 1.0f; // NOLINTNEXTLINE silences the next line, not its own
  // CHECK: nolint-bare.cu:[[@LINE-1]]:3: warning: strided global store to 'a': 16 sectors/request
}
void go(float *a) { k<<<64, 256>>>(a); }
