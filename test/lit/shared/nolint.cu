// NOLINT silences a bank conflict under either name, as any finding.
// RUN: %python %inputs/exit-code.py 0 %cc %s | %filecheck %s --allow-empty --implicit-check-not=warning:
__global__ void k(float *out) {
  __shared__ float s[32][32];
  s[threadIdx.x][0] = 1.0f; // NOLINT(cuda-coalesce)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x][1]; // NOLINT(cuda-memory-coalescing)
}
void go(float *out) { k<<<1, 32>>>(out); }
