// Theme: 3-D 7-point stencil on NX x NY x NZ = 256^3 floats, block (32,4,2), interior guard.
// Part of cuda-coalesce runtime-bench: one global access per source line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <random>
#include "bench.h"

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t err_ = (x);                                                   \
    if (err_ != cudaSuccess) {                                                \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,              \
              cudaGetErrorString(err_));                                      \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

// Fills a buffer with non-zero data. Not measured (ncu skips init_*).
__global__ void init_f32(float* p, long n, float base) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = base + (float)(i % 97) * 0.01f;
}


__global__ void stencil7_3d(float* out, const float* in) {
  const int NX = 256, NY = 256, NZ = 256;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x > 0 && x < NX - 1 && y > 0 && y < NY - 1 && z > 0 && z < NZ - 1) {
    int i = (z * NY + y) * NX + x;
    float c = in[i];
    float xm = in[i - 1];
    float xp = in[i + 1];
    float ym = in[i - NX];
    float yp = in[i + NX];
    float zm = in[i - NX * NY];
    float zp = in[i + NX * NY];
    out[i] = c - (xm + xp + ym + yp + zm + zp) / 6.0f;
  }
}

int main() {
  const int NX = 256, NY = 256, NZ = 256;
  const long M = (long)NX * NY * NZ;
  float *a, *out;
  CHECK(cudaMalloc(&a, M * sizeof(float)));
  CHECK(cudaMalloc(&out, M * sizeof(float)));
  init_f32<<<1024, 256>>>(a, M, 1.0f);
  CHECK(cudaGetLastError());
  dim3 block(32, 4, 2), grid(NX / 32, NY / 4, NZ / 2);
  BENCH(0, stencil7_3d<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("12_stencil3d ok\n");
  return 0;
}
