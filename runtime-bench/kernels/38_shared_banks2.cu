// Theme: shared-memory bank conflicts, part 2: strides, broadcasts, element widths, dynamic shared
// memory, struct members, atomics and partial warps, one access per line.
// 1. s[tid * S], S = 1, 2, 3, 4, 8, 16, 32, 33 (4-byte floats; store and load): 1, 2, 1, 4, 8, 16,
//    32, 1 wavefronts by the 4-byte bank rule;
// 2. broadcasts: s[0], s[tid / 16] (two adjacent words), s[(tid / 16 % 2) * 32] (two words in one
//    bank), s[tid / 2], s[tid / 32];
// 3. 8- and 16-byte elements: double and float2 at stride 1, 2, 4 and a broadcast double; float4 at
//    stride 1, 2, 4 (tid * 2, tid * 4) and a broadcast float4;
// 4. 1- and 2-byte elements: unsigned char, short at stride 1, 2, 4; __half at stride 1;
// 5. dynamic shared memory (extern __shared__ float dyn[], 5 * 256 floats given at launch):
//    stride 2, a padded column (x 33) and an unpadded one (x 32);
// 6. struct members: struct {float x, y, z;} (12-byte stride) .x .y .z stores and .y load,
//    struct {float x, y;} (8-byte stride) .x load;
// 7. a 256-bin histogram with atomicAdd on __shared__ unsigned (data-dependent, random bytes);
// 8. partial warps: if (tid < 8) s[tid * 32] (8 lanes of warp 0, the other warps idle), and
//    if (tid % 32 < 8) (8 lanes of every warp).
// Every kernel: N = 1<<20 threads, 256-thread blocks (grid N / 256). Sizes are compile-time
// constants. One shared-memory access of each kind per source line.
// Part of cuda-coalesce runtime-bench; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <random>
#include <cuda_fp16.h>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)

#define N (1 << 20)
#define TB 256                          // threads per block
constexpr int DYN_FLOATS = 5 * TB;      // dynamic shared array of dyn_shared: 1280 floats
constexpr int DYN_BYTES = DYN_FLOATS * (int)sizeof(float);

// Fills a buffer with non-zero data. Not measured (ncu skips init_*).
__global__ void init_f32(float* p, long n, float base) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = base + (float)(i % 97) * 0.01f;
}

// ---------------------------------------------------------------------------------------------
// 1. Stride S floats: lane l uses word l * S (bank l * S mod 32).
template <int S>
__global__ void sh_stride(float* out, const float* in) {
  __shared__ float s[TB * S];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  float v = in[i];
  s[tid * S] = v;
  __syncthreads();
  float w = s[tid * S];
  out[i] = w + 1.0f;
}

// ---------------------------------------------------------------------------------------------
// 2. Broadcasts: several lanes on one word.
__global__ void sh_broadcast(float* out, const float* in) {
  __shared__ float s[TB];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  float v = in[i];
  s[tid] = v;
  __syncthreads();
  float b0 = s[0];                     // every lane one word
  float b1 = s[tid / 16];              // half-warps: two adjacent words
  float b2 = s[(tid / 16 % 2) * 32];   // half-warps: two words in bank 0
  float b3 = s[tid / 2];               // pairs of lanes: 16 words
  float b4 = s[tid / 32];              // one word per warp
  out[i] = b0 + b1 + b2 + b3 + b4;
}

// ---------------------------------------------------------------------------------------------
// 3. 8- and 16-byte elements.
__global__ void sh_double(double* out, const double* in) {
  __shared__ double d[TB * 4];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  double v = in[i];
  for (int k = 0; k < 4; ++k)
    d[k * TB + tid] = v + k;           // store, unit stride (4 instructions on this line)
  __syncthreads();
  double a = d[tid];                   // unit stride: 256 bytes per warp
  double b = d[tid * 2];               // stride 2
  double c = d[tid * 4];               // stride 4
  double e = d[0];                     // broadcast
  out[i] = a + b + c + e;
}

__global__ void sh_float2(float* out, const float2* in) {
  __shared__ float2 f[TB * 4];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  float2 v = in[i];
  for (int k = 0; k < 4; ++k)
    f[k * TB + tid] = make_float2(v.x + k, v.y);   // store, unit stride
  __syncthreads();
  float2 a = f[tid];                   // unit stride
  float2 b = f[tid * 2];               // stride 2
  float2 c = f[tid * 4];               // stride 4
  out[i] = a.x + a.y + b.x + b.y + c.x + c.y;
}

__global__ void sh_float4(float* out, const float4* in) {
  __shared__ float4 f[TB * 4];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  float4 v = in[i];
  for (int k = 0; k < 4; ++k)
    f[k * TB + tid] = make_float4(v.x + k, v.y, v.z, v.w);   // store, unit stride: 512 B per warp
  __syncthreads();
  float4 a = f[tid];                   // unit stride
  float4 b = f[tid * 2];               // stride 2 (32 bytes)
  float4 c = f[tid * 4];               // stride 4 (64 bytes)
  float4 e = f[0];                     // broadcast
  // Every component used: a part-used vector may be narrowed to scalar loads.
  out[i] = (a.x + a.y + a.z + a.w) + (b.x + b.y + b.z + b.w) + (c.x + c.y + c.z + c.w) +
           (e.x + e.y + e.z + e.w);
}

// Which lanes a wide access serves together: 16-byte lanes by half warps or
// quarter warps, 8-byte lanes by the whole warp or half warps, and whether
// parts of the warp that read the same addresses are merged.
__global__ void sh_wide_phases(float* out, const float4* in4, const double* ind) {
  __shared__ float4 f[TB];
  __shared__ double d[TB];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  f[tid] = in4[i];
  d[tid] = ind[i];
  __syncthreads();
  float4 a = f[tid / 8];               // each quarter warp one float4, four different ones
  float4 b = f[tid % 8];               // every quarter warp the same eight float4s
  float4 c = f[tid % 16];              // both half warps the same sixteen float4s
  float4 e = f[(tid % 2) * 8];         // two float4s 128 bytes apart: the same banks
  double g = d[tid / 16];              // each half warp one double
  double h = d[tid % 16];              // both half warps the same sixteen doubles
  double k = d[(tid % 2) * 16];        // two doubles 128 bytes apart: the same banks
  out[i] = (a.x + a.y + a.z + a.w) + (b.x + b.y + b.z + b.w) + (c.x + c.y + c.z + c.w) +
           (e.x + e.y + e.z + e.w) + (float)(g + h + k);
}

// ---------------------------------------------------------------------------------------------
// 4. 1- and 2-byte elements.
__global__ void sh_char(float* out, const unsigned char* in) {
  __shared__ unsigned char c[TB * 4];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  unsigned char v = in[i];
  for (int k = 0; k < 4; ++k)
    c[k * TB + tid] = (unsigned char)(v + k);   // store, unit stride
  __syncthreads();
  float a = c[tid];                    // unit stride: 32 bytes per warp
  float b = c[tid * 2];                // stride 2
  float e = c[tid * 4];                // stride 4: one byte per bank
  out[i] = a + b + e;
}

__global__ void sh_short(float* out, const short* in) {
  __shared__ short s[TB * 4];
  __shared__ __half h[TB];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  short v = in[i];
  for (int k = 0; k < 4; ++k)
    s[k * TB + tid] = (short)(v + k);   // store, unit stride
  h[tid] = __short2half_rn(v);          // store, unit stride, 2 bytes
  __syncthreads();
  float a = s[tid];                    // unit stride: 64 bytes per warp
  float b = s[tid * 2];                // stride 2
  float e = s[tid * 4];                // stride 4
  float g = __half2float(h[tid]);      // __half, unit stride
  out[i] = a + b + e + g;
}

// ---------------------------------------------------------------------------------------------
// 5. Dynamic shared memory: DYN_FLOATS floats given as the launch's third argument.
__global__ void dyn_shared(float* out, const float* in) {
  extern __shared__ float dyn[];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  float v = in[i];
  for (int k = 0; k < 5; ++k)
    dyn[k * TB + tid] = v + k;                       // store, unit stride
  __syncthreads();
  float a = dyn[tid * 2];                            // stride 2: 2-way
  float b = dyn[(tid % 32) * 33 + tid / 32];         // padded column: conflict-free
  float c = dyn[(tid % 32) * 32 + tid / 32];         // unpadded column: 32-way
  out[i] = a + b + c;
}

// ---------------------------------------------------------------------------------------------
// 6. Struct members in shared memory.
struct P3 {
  float x, y, z;
};
struct P2 {
  float x, y;
};

__global__ void sh_struct(float* out, const float* in) {
  __shared__ P3 p[TB];
  __shared__ P2 q[TB];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  float v = in[i];
  p[tid].x = v;                        // 12-byte stride: 3 words apart, conflict-free
  p[tid].y = v + 1.0f;
  p[tid].z = v + 2.0f;
  q[tid].x = v + 3.0f;                 // 8-byte stride: 2-way
  __syncthreads();
  float a = p[tid].y;                  // 12-byte stride load
  float b = q[tid].x;                  // 8-byte stride load
  out[i] = a + b;
}

// ---------------------------------------------------------------------------------------------
// 7. Histogram of random bytes with shared atomics (bins hit by several lanes serialise).
__global__ void hist_shared_random(unsigned* hist, const unsigned char* data) {
  __shared__ unsigned h[256];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  h[tid] = 0u;
  __syncthreads();
  unsigned bin = data[i];
  atomicAdd(&h[bin], 1u);
  __syncthreads();
  unsigned c = h[tid];
  atomicAdd(&hist[tid], c);
}

// ---------------------------------------------------------------------------------------------
// 8. Partial warps.
__global__ void partial_lanes(float* out, const float* in) {
  __shared__ float s[TB];
  int tid = threadIdx.x;
  int i = blockIdx.x * TB + tid;
  float v = in[i];
  s[tid] = v;
  __syncthreads();
  float w = 0.0f;
  if (tid < 8)
    w = s[tid * 32];                       // load: 8 lanes of warp 0, one bank (8-way)
  float u = 0.0f;
  if (tid % 32 < 8)
    u = s[(tid % 32) * 32 + tid / 32];     // load: 8 lanes of every warp, one bank (8-way)
  __syncthreads();
  if (tid < 8)
    s[tid * 32] = w + u;                   // store: 8 lanes of warp 0 (8-way)
  __syncthreads();
  float r = s[tid];
  out[i] = r + u;
}

int main() {
  int fails = 0;
  float *a, *out;
  CHECK(cudaMalloc(&a, 4L * N * sizeof(float)));     // also read as N double / float2 / float4
  CHECK(cudaMalloc(&out, 2L * N * sizeof(float)));
  init_f32<<<1024, 256>>>(a, 4L * N, 1.0f);
  CHECK(cudaGetLastError());
  const int G = N / TB;

  // 1. Strides.
  BENCH(8.0 * N, sh_stride<1><<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, sh_stride<2><<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, sh_stride<3><<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, sh_stride<4><<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, sh_stride<8><<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, sh_stride<16><<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * N, sh_stride<32><<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());
  std::vector<float> ref32 = bench_fetch(out, N);
  CHECK(cudaMemset(out, 0, (size_t)N * sizeof(float)));
  BENCH(8.0 * N, sh_stride<33><<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("sh_stride<33>==sh_stride<32>", ref32.data(), out, N);

  // 2.-6.
  BENCH(0, sh_broadcast<<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, sh_double<<<G, TB>>>((double*)out, (const double*)a));
  CHECK(cudaGetLastError());
  BENCH(0, sh_float2<<<G, TB>>>(out, (const float2*)a));
  CHECK(cudaGetLastError());
  BENCH(0, sh_float4<<<G, TB>>>(out, (const float4*)a));
  CHECK(cudaGetLastError());
  BENCH(0, sh_wide_phases<<<G, TB>>>(out, (const float4*)a, (const double*)a));
  CHECK(cudaGetLastError());
  BENCH(0, sh_char<<<G, TB>>>(out, (const unsigned char*)a));
  CHECK(cudaGetLastError());
  BENCH(0, sh_short<<<G, TB>>>(out, (const short*)a));
  CHECK(cudaGetLastError());
  BENCH(0, dyn_shared<<<G, TB, DYN_BYTES>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, sh_struct<<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());

  // 7. Histogram of N random bytes.
  unsigned char* data;
  unsigned* hist;
  CHECK(cudaMalloc(&data, N));
  CHECK(cudaMalloc(&hist, 256 * sizeof(unsigned)));
  std::vector<unsigned char> h(N);
  std::mt19937 rng(3838);
  for (int k = 0; k < N; ++k) h[k] = (unsigned char)(rng() & 255);
  CHECK(cudaMemcpy(data, h.data(), N, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(hist, 0, 256 * sizeof(unsigned)));
  BENCH(0, hist_shared_random<<<G, TB>>>(hist, data));
  CHECK(cudaGetLastError());

  // 8. Partial warps.
  BENCH(0, partial_lanes<<<G, TB>>>(out, a));
  CHECK(cudaGetLastError());

  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(out));
  CHECK(cudaFree(data));
  CHECK(cudaFree(hist));
  printf("38_shared_banks2 %s\n", fails ? "CHECK FAIL" : "ok");
  return 0;
}
