// Theme: 2-D arrays whose rows are 1000 floats wide (H = 1000 rows), block 32x8, guard x<1000, y<1000.
// unpitched: row stride 1000 floats (4000 bytes). pitched: cudaMallocPitch, row stride = pitch bytes.
// odd1001: row stride 1001 floats (4004 bytes): every row starts at a different 4-byte phase.
// Part of cuda-coalesce runtime-bench: one global access per source line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <random>
#include <cuda_runtime.h>

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
  copy_unpitched<<<grid, block>>>(out, a);
  CHECK(cudaGetLastError());
  copy_pitched<<<grid, block>>>(op, opitch, ap, apitch);
  CHECK(cudaGetLastError());
  dim3 grid1001((1001 + 31) / 32, (H + 7) / 8);
  copy_odd1001<<<grid1001, block>>>(out, a);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  CHECK(cudaFree(ap));
  CHECK(cudaFree(op));
  printf("18_pitch ok\n");
  return 0;
}
