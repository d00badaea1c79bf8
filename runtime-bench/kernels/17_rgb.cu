// Theme: RGB image with a 3-byte struct {unsigned char r,g,b;}, W x H = 2048 x 2048 pixels.
// gray_1d: 1-D, 256-thread blocks, one member per line (read as float so that nvcc keeps each
// byte load on its own source line). gray_2d: block 32x8.
// invert_struct: whole-struct load and store (one source access, several byte instructions).
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


struct RGB { unsigned char r, g, b; };

__global__ void gray_1d(unsigned char* gray, const RGB* img) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float r = img[i].r;
  float g = img[i].g;
  float b = img[i].b;
  gray[i] = (unsigned char)(0.299f * r + 0.587f * g + 0.114f * b);
}

__global__ void gray_2d(unsigned char* gray, const RGB* img) {
  const int W = 2048;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float r = img[y * W + x].r;
  float g = img[y * W + x].g;
  float b = img[y * W + x].b;
  gray[y * W + x] = (unsigned char)(0.299f * r + 0.587f * g + 0.114f * b);
}

__global__ void invert_struct(RGB* out, const RGB* img) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  RGB p = img[i];
  p.r = 255 - p.r;
  p.g = 255 - p.g;
  p.b = 255 - p.b;
  out[i] = p;
}

int main() {
  const int W = 2048, H = 2048;
  const int NPIX = W * H;
  RGB *img, *out;
  unsigned char* gray;
  CHECK(cudaMalloc(&img, (long)NPIX * sizeof(RGB)));
  CHECK(cudaMalloc(&out, (long)NPIX * sizeof(RGB)));
  CHECK(cudaMalloc(&gray, NPIX));
  std::vector<unsigned char> h((long)NPIX * 3);
  std::mt19937 rng(99);
  for (size_t i = 0; i < h.size(); ++i) h[i] = (unsigned char)(1 + rng() % 255);
  CHECK(cudaMemcpy(img, h.data(), h.size(), cudaMemcpyHostToDevice));
  BENCH(0, gray_1d<<<NPIX / 256, 256>>>(gray, img));
  CHECK(cudaGetLastError());
  dim3 block(32, 8), grid(W / 32, H / 8);
  BENCH(0, gray_2d<<<grid, block>>>(gray, img));
  CHECK(cudaGetLastError());
  BENCH(0, invert_struct<<<NPIX / 256, 256>>>(out, img));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(img));
  CHECK(cudaFree(out));
  CHECK(cudaFree(gray));
  printf("17_rgb ok\n");
  return 0;
}
