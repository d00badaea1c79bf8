// Theme: element width of a contiguous a[t]: char, short, int, float4, double
// (DESIGN.md row float4 / double / char). 1-D, 256-thread blocks, N = 1<<20.
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


__global__ void width_char(unsigned char* out, const unsigned char* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned char v = a[t];
  out[t] = v;
}

__global__ void width_short(short* out, const short* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  short v = a[t];
  out[t] = v;
}

__global__ void width_int(int* out, const int* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = a[t];
  out[t] = v;
}

__global__ void width_double(double* out, const double* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  double v = a[t];
  out[t] = v;
}

__global__ void width_float4(float4* out, const float4* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = a[t];
  v.x += 1.0f;
  out[t] = v;
}

int main() {
  const int N = 1 << 20;
  float *a, *out;  // 16 bytes per element: enough for every width
  CHECK(cudaMalloc(&a, 4L * N * sizeof(float)));
  CHECK(cudaMalloc(&out, 4L * N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, 4L * N, 1.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(0, width_char<<<grid, block>>>((unsigned char*)out, (const unsigned char*)a));
  CHECK(cudaGetLastError());
  BENCH(0, width_short<<<grid, block>>>((short*)out, (const short*)a));
  CHECK(cudaGetLastError());
  BENCH(0, width_int<<<grid, block>>>((int*)out, (const int*)a));
  CHECK(cudaGetLastError());
  BENCH(0, width_double<<<grid, block>>>((double*)out, (const double*)a));
  CHECK(cudaGetLastError());
  BENCH(0, width_float4<<<grid, block>>>((float4*)out, (const float4*)a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("05_widths ok\n");
  return 0;
}
