// Helpers for both-names.cu (not a test of its own).
#pragma once
__device__ inline void put_strided(float *a, int t) {
  // The CLI reports this access here; the editor at the call.
  a[t * 16] = 2.0f; // NOLINT(cuda-memory-coalescing)
}

__device__ inline void put_strided2(float *a, int t) {
  a[t * 4] = 3.0f;
}

__device__ inline void put_strided3(float *a, int t) {
  a[t * 8] = 4.0f;
}
