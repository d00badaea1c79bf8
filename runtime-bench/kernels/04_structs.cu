// Theme: one member of an array of structs, p[t].x (DESIGN.md rows 12-byte and 32-byte struct).
// Structs hold floats only (4-byte alignment). 1-D, 256-thread blocks, N = 1<<20.
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


struct S8 { float x, y; };
struct S12 { float x, y, z; };
struct S16 { float x, y, z, w; };
struct S32 { float x; float pad[7]; };

__global__ void member_s8(float* out, const S8* p) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = p[t].x;
  out[t] = v;
}

__global__ void member_s12(float* out, const S12* p) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = p[t].x;
  out[t] = v;
}

__global__ void member_s12_y(float* out, const S12* p) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = p[t].y;
  out[t] = v;
}

__global__ void member_s16(float* out, const S16* p) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = p[t].z;
  out[t] = v;
}

__global__ void member_s32(float* out, const S32* p) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = p[t].x;
  out[t] = v;
}

__global__ void member_s12_store(S12* p, const float* in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  p[t].z = v;
}

// Fixed versions (AoS -> SoA): the member read at a 12- or 32-byte stride kept in its own array.
__global__ void member_s12_soa(float* out, const float* px) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = px[t];
  out[t] = v;
}

__global__ void member_s32_soa(float* out, const float* px) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = px[t];
  out[t] = v;
}

__global__ void member_s12_store_soa(float* pz, const float* in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  pz[t] = v;
}

int main() {
  const int N = 1 << 20;
  const long WORDS = 8L * N;  // big enough for N structs of up to 32 bytes
  float *buf, *out;
  CHECK(cudaMalloc(&buf, WORDS * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  init_f32<<<1024, 256>>>(buf, WORDS, 1.0f);
  CHECK(cudaGetLastError());
  init_f32<<<1024, 256>>>(out, N, 2.0f);
  CHECK(cudaGetLastError());
  dim3 grid(N / 256), block(256);
  BENCH(0, member_s8<<<grid, block>>>(out, (const S8*)buf));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, member_s12<<<grid, block>>>(out, (const S12*)buf));
  std::vector<float> ref12 = bench_fetch(out, N);
  CHECK(cudaGetLastError());
  BENCH(0, member_s12_y<<<grid, block>>>(out, (const S12*)buf));
  CHECK(cudaGetLastError());
  BENCH(0, member_s16<<<grid, block>>>(out, (const S16*)buf));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, member_s32<<<grid, block>>>(out, (const S32*)buf));
  std::vector<float> ref32 = bench_fetch(out, N);
  // Build the SoA copies now: member_s12_store below writes into buf.
  float *soa12, *soa32;
  CHECK(cudaMalloc(&soa12, N * sizeof(float)));
  CHECK(cudaMalloc(&soa32, N * sizeof(float)));
  CHECK(cudaMemcpy2D(soa12, sizeof(float), buf, sizeof(S12), sizeof(float), N, cudaMemcpyDeviceToDevice));
  CHECK(cudaMemcpy2D(soa32, sizeof(float), buf, sizeof(S32), sizeof(float), N, cudaMemcpyDeviceToDevice));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, member_s12_store<<<grid, block>>>((S12*)buf, out));
  CHECK(cudaGetLastError());
  float *soa, *out2;
  CHECK(cudaMalloc(&soa, N * sizeof(float)));
  CHECK(cudaMalloc(&out2, N * sizeof(float)));
  BENCH(8.0 * N, member_s12_soa<<<grid, block>>>(out2, soa12));
  CHECK(cudaGetLastError());
  bench_compare("member_s12_soa==member_s12", ref12.data(), out2, N);
  BENCH(8.0 * N, member_s32_soa<<<grid, block>>>(out2, soa32));
  CHECK(cudaGetLastError());
  bench_compare("member_s32_soa==member_s32", ref32.data(), out2, N);
  BENCH(8.0 * N, member_s12_store_soa<<<grid, block>>>(soa, out));
  CHECK(cudaGetLastError());
  CHECK(cudaFree(soa));
  CHECK(cudaFree(soa12));
  CHECK(cudaFree(soa32));
  CHECK(cudaFree(out2));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(buf));
  CHECK(cudaFree(out));
  printf("04_structs ok\n");
  return 0;
}
