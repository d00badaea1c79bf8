// Theme: four more fix kinds as slow -> fixed pairs, N = 1<<24 threads, 256-thread 1-D blocks.
// vector-load (four floats per thread -> one float4), misaligned-start (sliding window of 8 ->
// shared-memory staging), whole-struct-load (four members of a 16-byte struct -> one struct load),
// aos-to-soa (2 hot fields of a 32-byte struct -> two float arrays). Arrays of 64-512 MiB, larger than
// the 50 MB L2, so the timing shows memory traffic rather than launch overhead.
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

struct __align__(16) Quad { float a, b, c, d; };
struct Quad4 { float a, b, c, d; };  // same members, 4-byte alignment (not a fix pair: see quad_fields_a4)
struct Particle { float x, y, z, vx, vy, vz, mass, charge; };  // 32 bytes

// Copies the two hot fields of the AoS particles into SoA arrays. Not measured (ncu skips init_*).
__global__ void init_soa_from_aos(float* x, float* vx, const Particle* p, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride) {
    x[i] = p[i].x;
    vx[i] = p[i].vx;
  }
}

// 1. vector-load. Slow: four scalar loads at a 16-byte stride (lane t reads a[4t..4t+3]).
__global__ void four_each(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
#pragma unroll
  for (int j = 0; j < 4; ++j)
    s += a[t * 4 + j];
  out[t] = s;
}

// Fixed: one 16-byte load per lane.
__global__ void four_each_float4(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = reinterpret_cast<const float4*>(a)[t];
  float s = v.x + v.y + v.z + v.w;
  out[t] = s;
}

// 2. misaligned-start (sliding window). Slow: 8 loads a[t+k], 7 of them misaligned.
__global__ void window8(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < 8; ++k) s += a[t + k];
  out[t] = s;
}

// Fixed: the block's window (256 + 8 floats) staged in shared memory with aligned loads.
__global__ void window8_staged(float* out, const float* a) {
  __shared__ float w[256 + 8];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  w[threadIdx.x] = a[t];
  if (threadIdx.x < 8)
    w[256 + threadIdx.x] = a[t + 256];
  __syncthreads();
  float s = 0.0f;
  for (int k = 0; k < 8; ++k) s += w[threadIdx.x + k];
  out[t] = s;
}

// 3. whole-struct-load. Slow: the four members of a 16-byte struct read one by one.
__global__ void quad_fields(float* out, const Quad* q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = q[i].a;
  float b = q[i].b;
  float c = q[i].c;
  float d = q[i].d;
  out[i] = a + b + c + d;
}

// Fixed: one struct load.
__global__ void quad_whole(float* out, const Quad* q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Quad v = q[i];
  float s = v.a + v.b + v.c + v.d;
  out[i] = s;
}

// Extra, not in fixes.json: quad_fields on the 4-byte-aligned Quad4. nvcc merges quad_fields' four
// member loads into one 16-byte load (Quad is __align__(16)); here it cannot, so these are four loads.
__global__ void quad_fields_a4(float* out, const Quad4* q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = q[i].a;
  float b = q[i].b;
  float c = q[i].c;
  float d = q[i].d;
  out[i] = a + b + c + d;
}

// 4. aos-to-soa with few hot fields. Slow: x and vx of a 32-byte particle (one sector per lane).
__global__ void drift_aos(float* out, const Particle* p) {
  const float dt = 0.01f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = p[i].x;
  float vx = p[i].vx;
  out[i] = x + vx * dt;
}

// Fixed: x and vx in their own arrays.
__global__ void drift_soa(float* out, const float* px, const float* pvx) {
  const float dt = 0.01f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = px[i];
  float vx = pvx[i];
  out[i] = x + vx * dt;
}

int main() {
  const int N = 1 << 24;  // threads; multiple of 256
  int fails = 0;
  float *a, *out;
  CHECK(cudaMalloc(&a, 8L * N * sizeof(float)));  // 512 MiB: 4N floats / N+8 floats / N Quads / N Particles
  CHECK(cudaMalloc(&out, (long)N * sizeof(float)));
  init_f32<<<4096, 256>>>(a, 8L * N, 1.0f);
  CHECK(cudaGetLastError());

  // 1. vector-load: a holds 4N floats.
  BENCH(20.0 * N, four_each<<<N / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  std::vector<float> ref = bench_fetch(out, N);
  BENCH(20.0 * N, four_each_float4<<<N / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("four_each_float4==four_each", ref.data(), out, N);

  // 2. misaligned-start: a holds N+8 floats (window of 8 per thread).
  BENCH(8.0 * N, window8<<<N / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  ref = bench_fetch(out, N);
  BENCH(8.0 * N, window8_staged<<<N / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("window8_staged==window8", ref.data(), out, N);

  // 3. whole-struct-load: a viewed as N Quads (16 B each).
  BENCH(20.0 * N, quad_fields<<<N / 256, 256>>>(out, (const Quad*)a));
  CHECK(cudaGetLastError());
  ref = bench_fetch(out, N);
  BENCH(20.0 * N, quad_whole<<<N / 256, 256>>>(out, (const Quad*)a));
  CHECK(cudaGetLastError());
  fails += bench_compare("quad_whole==quad_fields", ref.data(), out, N);
  BENCH(20.0 * N, quad_fields_a4<<<N / 256, 256>>>(out, (const Quad4*)a));
  CHECK(cudaGetLastError());
  fails += bench_compare("quad_fields_a4==quad_fields", ref.data(), out, N);

  // 4. aos-to-soa: a viewed as N Particles (32 B each); SoA copies of x and vx built from it.
  float *px, *pvx;
  CHECK(cudaMalloc(&px, (long)N * sizeof(float)));
  CHECK(cudaMalloc(&pvx, (long)N * sizeof(float)));
  init_soa_from_aos<<<4096, 256>>>(px, pvx, (const Particle*)a, N);
  CHECK(cudaGetLastError());
  BENCH(12.0 * N, drift_aos<<<N / 256, 256>>>(out, (const Particle*)a));
  CHECK(cudaGetLastError());
  ref = bench_fetch(out, N);
  BENCH(12.0 * N, drift_soa<<<N / 256, 256>>>(out, px, pvx));
  CHECK(cudaGetLastError());
  fails += bench_compare("drift_soa==drift_aos", ref.data(), out, N);

  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(px));
  CHECK(cudaFree(pvx));
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  printf("33_fix_kinds %s\n", fails ? "CHECK FAIL" : "ok");
  return 0;
}
