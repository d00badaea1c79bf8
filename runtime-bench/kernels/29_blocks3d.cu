// Theme: 3-D thread blocks over a NX x NY x NZ = 256 x 256 x 64 float volume.
// vol_8x8x4: a warp covers 8 x-values x 4 y-rows. vol_32x1x8: a warp is one x-row.
// vol_zfast_32x4x2: index (x*NY + y)*NZ + z, lanes (varying x) stride NY*NZ floats.
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


__global__ void vol_8x8x4(float* out, const float* a) {
  const int NX = 256, NY = 256;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  float v = a[(z * NY + y) * NX + x];
  out[(z * NY + y) * NX + x] = v;
}

__global__ void vol_32x1x8(float* out, const float* a) {
  const int NX = 256, NY = 256;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  float v = a[(z * NY + y) * NX + x];
  out[(z * NY + y) * NX + x] = v;
}

__global__ void vol_zfast_32x4x2(float* out, const float* a) {
  const int NX = 256, NY = 256, NZ = 64;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  float v = a[(x * NY + y) * NZ + z];
  out[(z * NY + y) * NX + x] = v;
}

int main() {
  const int NX = 256, NY = 256, NZ = 64;
  const long M = (long)NX * NY * NZ;
  float *a, *out;
  CHECK(cudaMalloc(&a, M * sizeof(float)));
  CHECK(cudaMalloc(&out, M * sizeof(float)));
  init_f32<<<1024, 256>>>(a, M, 1.0f);
  CHECK(cudaGetLastError());
  dim3 b884(8, 8, 4), g884(NX / 8, NY / 8, NZ / 4);
  BENCH(0, vol_8x8x4<<<g884, b884>>>(out, a));
  CHECK(cudaGetLastError());
  dim3 b3218(32, 1, 8), g3218(NX / 32, NY / 1, NZ / 8);
  BENCH(0, vol_32x1x8<<<g3218, b3218>>>(out, a));
  CHECK(cudaGetLastError());
  dim3 b3242(32, 4, 2), g3242(NX / 32, NY / 4, NZ / 2);
  BENCH(0, vol_zfast_32x4x2<<<g3242, b3242>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("29_blocks3d ok\n");
  return 0;
}
