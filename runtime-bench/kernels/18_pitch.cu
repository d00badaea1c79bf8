// Theme: 2-D arrays whose rows are 1000 floats wide (H = 1000 rows), block 32x8, guard x<1000, y<1000.
// unpitched: row stride 1000 floats (4000 bytes). pitched: cudaMallocPitch, row stride = pitch bytes.
// odd1001: row stride 1001 floats (4004 bytes): every row starts at a different 4-byte phase.
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


__global__ void copy_unpitched(float* out, const float* a) {
  const int W = 1000, H = 1000;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H) {
    float v = a[y * W + x];
    out[y * W + x] = v;
  }
}

__global__ void copy_pitched(float* out, size_t opitch, const float* a, size_t apitch) {
  const int W = 1000, H = 1000;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H) {
    const float* arow = (const float*)((const char*)a + y * apitch);
    float* orow = (float*)((char*)out + y * opitch);
    float v = arow[x];
    orow[x] = v;
  }
}

__global__ void copy_odd1001(float* out, const float* a) {
  const int W = 1001, H = 1000;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H) {
    float v = a[y * W + x];
    out[y * W + x] = v;
  }
}

// Fixed version of copy_odd1001: rows of 1001 floats in cudaMallocPitch'ed storage.
__global__ void copy_odd1001_pitched(float* out, size_t opitch, const float* a, size_t apitch) {
  const int W = 1001, H = 1000;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H) {
    const float* arow = (const float*)((const char*)a + y * apitch);
    float* orow = (float*)((char*)out + y * opitch);
    float v = arow[x];
    orow[x] = v;
  }
}

int main() {
  const int W = 1000, H = 1000;
  float *a, *out, *ap, *op;
  size_t apitch = 0, opitch = 0;
  CHECK(cudaMalloc(&a, 1001L * H * sizeof(float)));
  CHECK(cudaMalloc(&out, 1001L * H * sizeof(float)));
  CHECK(cudaMallocPitch(&ap, &apitch, W * sizeof(float), H));
  CHECK(cudaMallocPitch(&op, &opitch, W * sizeof(float), H));
  printf("pitch: %zu bytes\n", apitch);
  init_f32<<<1024, 256>>>(a, 1001L * H, 1.0f);
  CHECK(cudaGetLastError());
  init_f32<<<1024, 256>>>(ap, (long)(apitch / sizeof(float)) * H, 1.0f);
  CHECK(cudaGetLastError());
  dim3 block(32, 8), grid((W + 31) / 32, (H + 7) / 8);
  BENCH(8.0 * W * H, copy_unpitched<<<grid, block>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * W * H, copy_pitched<<<grid, block>>>(op, opitch, ap, apitch));
  CHECK(cudaGetLastError());
  dim3 grid1001((1001 + 31) / 32, (H + 7) / 8);
  BENCH(8.0 * 1001 * H, copy_odd1001<<<grid1001, block>>>(out, a));
  CHECK(cudaGetLastError());
  std::vector<float> refO = bench_fetch(out, 1001L * H);
  float *ap1, *op1;
  size_t apitch1 = 0, opitch1 = 0;
  CHECK(cudaMallocPitch(&ap1, &apitch1, 1001 * sizeof(float), H));
  CHECK(cudaMallocPitch(&op1, &opitch1, 1001 * sizeof(float), H));
  CHECK(cudaMemcpy2D(ap1, apitch1, a, 1001 * sizeof(float), 1001 * sizeof(float), H, cudaMemcpyDeviceToDevice));
  BENCH(8.0 * 1001 * H, copy_odd1001_pitched<<<grid1001, block>>>(op1, opitch1, ap1, apitch1));
  CHECK(cudaGetLastError());
  float* opk;
  CHECK(cudaMalloc(&opk, 1001L * H * sizeof(float)));
  CHECK(cudaMemcpy2D(opk, 1001 * sizeof(float), op1, opitch1, 1001 * sizeof(float), H, cudaMemcpyDeviceToDevice));
  bench_compare("copy_odd1001_pitched==copy_odd1001", refO.data(), opk, 1001L * H);
  CHECK(cudaFree(ap1));
  CHECK(cudaFree(op1));
  CHECK(cudaFree(opk));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  CHECK(cudaFree(ap));
  CHECK(cudaFree(op));
  printf("18_pitch ok\n");
  return 0;
}
