// Theme: shared-memory bank conflicts (32 banks of 4 bytes; a warp's request takes one wavefront
// per distinct 4-byte word in the most-used bank), part 1: tiles as public code uses them.
// 1. transpose through a 32x32 tile, block 32x8 with the usual 4-row loop and block 32x32:
//    unpadded [32][32] (column read: 32-way), padded [32][33] (conflict-free), XOR swizzle
//    [r][c ^ r] and diagonal (rotated) [r][(c + r) % 32] (both conflict-free), W = H = 2048 floats;
// 2. matmul shared tiles 16x16 and 32x32, N = 512: As[ty][k] (broadcast) and Bs[k][tx]
//    (conflict-free) vs the transposed thread mapping As[tx][k] (16x16: 8-way, 32x32: 32-way) and
//    Bs[k][ty] (broadcast); the k loop is not unrolled (#pragma unroll 1) so that nvcc keeps one
//    scalar LDS per access instead of merging four k into an LDS.128 (09_matmul shows that case);
// 3. block reductions of 256 floats, N = 1<<22: interleaved addressing with a modulo guard
//    (tid % (2s) == 0), interleaved strided addressing (index = 2 s tid: 2-, 4-, 8-.. way) as a loop
//    and written out step by step (one step per group of lines), sequential addressing (tid < s);
// 4. 2-D blocks on float tiles: dim3(16,16) on [16][W] for W = 16, 17, 32 (row store, column
//    read), dim3(8,32) on [32][32] (4 rows per warp: 4-way) and [32][40] (conflict-free).
// One shared-memory access of each kind (load, store) per source line: each line's ncu figures
// (L1 Wavefronts Shared / Instructions Executed) are one access's. Sizes are compile-time constants.
// Part of cuda-coalesce runtime-bench; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)

#define TDIM 32     // transpose tile
#define TROWS 8     // rows per block in the 32x8 transposes
#define TW 2048     // transpose matrix width = height (floats)
#define MM_N 512    // matmul size
#define RB 256      // reduction block (threads = floats per block)
#define RN (1 << 22)
#define G2 1024     // 2-D tile kernels: G2 x G2 floats

// Fills a buffer with non-zero data. Not measured (ncu skips init_*).
__global__ void init_f32(float* p, long n, float base) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = base + (float)(i % 97) * 0.01f;
}

// ---------------------------------------------------------------------------------------------
// 1. Transpose, block 32x8, grid (TW/32, TW/32): each block moves one 32x32 tile, 4 rows per thread.

// Unpadded tile: the row store is conflict-free, the column read tile[tx][..] is 32-way.
__global__ void transpose_32x8_unpadded(float* out, const float* in) {
  __shared__ float tile[TDIM][TDIM];
  int x = blockIdx.x * TDIM + threadIdx.x;
  int y = blockIdx.y * TDIM + threadIdx.y;
  for (int j = 0; j < TDIM; j += TROWS) {
    float v = in[(y + j) * TW + x];
    tile[threadIdx.y + j][threadIdx.x] = v;
  }
  __syncthreads();
  x = blockIdx.y * TDIM + threadIdx.x;
  y = blockIdx.x * TDIM + threadIdx.y;
  for (int j = 0; j < TDIM; j += TROWS) {
    float v = tile[threadIdx.x][threadIdx.y + j];
    out[(y + j) * TW + x] = v;
  }
}

// Padded tile [32][33]: rows start one bank apart, the column read is conflict-free.
__global__ void transpose_32x8_padded(float* out, const float* in) {
  __shared__ float tile[TDIM][TDIM + 1];
  int x = blockIdx.x * TDIM + threadIdx.x;
  int y = blockIdx.y * TDIM + threadIdx.y;
  for (int j = 0; j < TDIM; j += TROWS) {
    float v = in[(y + j) * TW + x];
    tile[threadIdx.y + j][threadIdx.x] = v;
  }
  __syncthreads();
  x = blockIdx.y * TDIM + threadIdx.x;
  y = blockIdx.x * TDIM + threadIdx.y;
  for (int j = 0; j < TDIM; j += TROWS) {
    float v = tile[threadIdx.x][threadIdx.y + j];
    out[(y + j) * TW + x] = v;
  }
}

// XOR swizzle: element (r, c) kept at tile[r][c ^ r]; both sides conflict-free, no padding.
__global__ void transpose_32x8_swizzle(float* out, const float* in) {
  __shared__ float tile[TDIM][TDIM];
  int x = blockIdx.x * TDIM + threadIdx.x;
  int y = blockIdx.y * TDIM + threadIdx.y;
  for (int j = 0; j < TDIM; j += TROWS) {
    float v = in[(y + j) * TW + x];
    tile[threadIdx.y + j][threadIdx.x ^ (threadIdx.y + j)] = v;
  }
  __syncthreads();
  x = blockIdx.y * TDIM + threadIdx.x;
  y = blockIdx.x * TDIM + threadIdx.y;
  for (int j = 0; j < TDIM; j += TROWS) {
    float v = tile[threadIdx.x][(threadIdx.y + j) ^ threadIdx.x];
    out[(y + j) * TW + x] = v;
  }
}

// Diagonal (rotated rows): element (r, c) kept at tile[r][(c + r) % 32]; conflict-free.
__global__ void transpose_32x8_diagonal(float* out, const float* in) {
  __shared__ float tile[TDIM][TDIM];
  int x = blockIdx.x * TDIM + threadIdx.x;
  int y = blockIdx.y * TDIM + threadIdx.y;
  for (int j = 0; j < TDIM; j += TROWS) {
    float v = in[(y + j) * TW + x];
    tile[threadIdx.y + j][(threadIdx.x + threadIdx.y + j) % TDIM] = v;
  }
  __syncthreads();
  x = blockIdx.y * TDIM + threadIdx.x;
  y = blockIdx.x * TDIM + threadIdx.y;
  for (int j = 0; j < TDIM; j += TROWS) {
    float v = tile[threadIdx.x][(threadIdx.y + j + threadIdx.x) % TDIM];
    out[(y + j) * TW + x] = v;
  }
}

// Block 32x32 (1024 threads), one element per thread, unpadded: column read 32-way.
__global__ void transpose_32x32_unpadded(float* out, const float* in) {
  __shared__ float tile[TDIM][TDIM];
  int x = blockIdx.x * TDIM + threadIdx.x;
  int y = blockIdx.y * TDIM + threadIdx.y;
  float v = in[y * TW + x];
  tile[threadIdx.y][threadIdx.x] = v;
  __syncthreads();
  x = blockIdx.y * TDIM + threadIdx.x;
  y = blockIdx.x * TDIM + threadIdx.y;
  float w = tile[threadIdx.x][threadIdx.y];
  out[y * TW + x] = w;
}

// Block 32x32, padded [32][33]: conflict-free.
__global__ void transpose_32x32_padded(float* out, const float* in) {
  __shared__ float tile[TDIM][TDIM + 1];
  int x = blockIdx.x * TDIM + threadIdx.x;
  int y = blockIdx.y * TDIM + threadIdx.y;
  float v = in[y * TW + x];
  tile[threadIdx.y][threadIdx.x] = v;
  __syncthreads();
  x = blockIdx.y * TDIM + threadIdx.x;
  y = blockIdx.x * TDIM + threadIdx.y;
  float w = tile[threadIdx.x][threadIdx.y];
  out[y * TW + x] = w;
}

// ---------------------------------------------------------------------------------------------
// 2. Matmul C = A B, MM_N x MM_N, tiles T x T, block dim3(T, T), grid (MM_N/T, MM_N/T).

// Usual mapping: thread (tx, ty) computes C[by*T + ty][bx*T + tx].
// As[ty][k]: one or two words per warp (broadcast); Bs[k][tx]: consecutive words (conflict-free).
template <int T>
__global__ void matmul_tile(float* C, const float* A, const float* B) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty;
  int col = blockIdx.x * T + tx;
  float sum = 0.0f;
  for (int t = 0; t < MM_N / T; ++t) {
    float av = A[row * MM_N + t * T + tx];
    As[ty][tx] = av;
    float bv = B[(t * T + ty) * MM_N + col];
    Bs[ty][tx] = bv;
    __syncthreads();
#pragma unroll 1
    for (int k = 0; k < T; ++k) {
      float a = As[ty][k];
      float b = Bs[k][tx];
      sum += a * b;
    }
    __syncthreads();
  }
  C[row * MM_N + col] = sum;
}

// Transposed mapping: thread (tx, ty) computes C[by*T + tx][bx*T + ty] from the same tiles.
// As[tx][k]: lanes walk a column, T words apart (T = 32: 32-way, T = 16: 8-way);
// Bs[k][ty]: one or two words per warp. (The C store becomes strided: once per thread.)
template <int T>
__global__ void matmul_tile_transposed(float* C, const float* A, const float* B) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int arow = blockIdx.y * T + ty;
  int bcol = blockIdx.x * T + tx;
  float sum = 0.0f;
  for (int t = 0; t < MM_N / T; ++t) {
    float av = A[arow * MM_N + t * T + tx];
    As[ty][tx] = av;
    float bv = B[(t * T + ty) * MM_N + bcol];
    Bs[ty][tx] = bv;
    __syncthreads();
#pragma unroll 1
    for (int k = 0; k < T; ++k) {
      float a = As[tx][k];
      float b = Bs[k][ty];
      sum += a * b;
    }
    __syncthreads();
  }
  C[(blockIdx.y * T + tx) * MM_N + blockIdx.x * T + ty] = sum;
}

// ---------------------------------------------------------------------------------------------
// 3. Reductions: block of RB = 256 threads sums its 256 floats; grid RN / RB.

// Interleaved addressing, modulo guard: active lanes tid % (2s) == 0 (conflict-free words, few
// active lanes per warp, every warp executes every step).
__global__ void reduce_interleaved_div(float* out, const float* in) {
  __shared__ float sd[RB];
  int tid = threadIdx.x;
  int i = blockIdx.x * RB + tid;
  float v = in[i];
  sd[tid] = v;
  __syncthreads();
  for (int s = 1; s < RB; s *= 2) {
    if (tid % (2 * s) == 0) {
      float a = sd[tid];
      float b = sd[tid + s];
      sd[tid] = a + b;
    }
    __syncthreads();
  }
  if (tid == 0) {
    float r = sd[0];
    out[blockIdx.x] = r;
  }
}

// Interleaved strided addressing: index = 2 s tid, lanes 2s words apart (2-way at s = 1 .. ).
__global__ void reduce_interleaved_strided(float* out, const float* in) {
  __shared__ float sd[RB];
  int tid = threadIdx.x;
  int i = blockIdx.x * RB + tid;
  float v = in[i];
  sd[tid] = v;
  __syncthreads();
  for (int s = 1; s < RB; s *= 2) {
    int index = 2 * s * tid;
    if (index < RB) {
      float a = sd[index];
      float b = sd[index + s];
      sd[index] = a + b;
    }
    __syncthreads();
  }
  if (tid == 0) {
    float r = sd[0];
    out[blockIdx.x] = r;
  }
}

// The same, one step per group of lines (s = 1, 2, .., 128 written out): per-step figures.
__global__ void reduce_interleaved_steps(float* out, const float* in) {
  __shared__ float sd[RB];
  int tid = threadIdx.x;
  int i = blockIdx.x * RB + tid;
  float v = in[i];
  sd[tid] = v;
  __syncthreads();
  if (tid < 128) {  // s = 1: stride 2 words
    float a = sd[2 * tid];
    float b = sd[2 * tid + 1];
    sd[2 * tid] = a + b;
  }
  __syncthreads();
  if (tid < 64) {  // s = 2: stride 4
    float a = sd[4 * tid];
    float b = sd[4 * tid + 2];
    sd[4 * tid] = a + b;
  }
  __syncthreads();
  if (tid < 32) {  // s = 4: stride 8
    float a = sd[8 * tid];
    float b = sd[8 * tid + 4];
    sd[8 * tid] = a + b;
  }
  __syncthreads();
  if (tid < 16) {  // s = 8: stride 16, 16 lanes
    float a = sd[16 * tid];
    float b = sd[16 * tid + 8];
    sd[16 * tid] = a + b;
  }
  __syncthreads();
  if (tid < 8) {  // s = 16: stride 32, 8 lanes
    float a = sd[32 * tid];
    float b = sd[32 * tid + 16];
    sd[32 * tid] = a + b;
  }
  __syncthreads();
  if (tid < 4) {  // s = 32: stride 64, 4 lanes
    float a = sd[64 * tid];
    float b = sd[64 * tid + 32];
    sd[64 * tid] = a + b;
  }
  __syncthreads();
  if (tid < 2) {  // s = 64: stride 128, 2 lanes
    float a = sd[128 * tid];
    float b = sd[128 * tid + 64];
    sd[128 * tid] = a + b;
  }
  __syncthreads();
  if (tid < 1) {  // s = 128: one lane
    float a = sd[0];
    float b = sd[128];
    out[blockIdx.x] = a + b;
  }
}

// Sequential addressing: tid < s reads sd[tid], sd[tid + s] (consecutive words, conflict-free).
__global__ void reduce_sequential(float* out, const float* in) {
  __shared__ float sd[RB];
  int tid = threadIdx.x;
  int i = blockIdx.x * RB + tid;
  float v = in[i];
  sd[tid] = v;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) {
      float a = sd[tid];
      float b = sd[tid + s];
      sd[tid] = a + b;
    }
    __syncthreads();
  }
  if (tid == 0) {
    float r = sd[0];
    out[blockIdx.x] = r;
  }
}

// ---------------------------------------------------------------------------------------------
// 4. 2-D blocks on float tiles, G2 x G2 matrix (each kernel writes the transpose).

// dim3(16,16) on [16][W]: a warp is two rows of 16. Row store tile[ty][tx]: W = 16 conflict-free,
// W = 17 two words in one bank, W = 32 2-way. Column read tile[tx][ty]: W = 16 8-way, W = 17
// conflict-free, W = 32 16-way.
template <int W>
__global__ void tile16x16(float* out, const float* in) {
  __shared__ float tile[16][W];
  int tx = threadIdx.x, ty = threadIdx.y;
  float v = in[(blockIdx.y * 16 + ty) * G2 + blockIdx.x * 16 + tx];
  tile[ty][tx] = v;
  __syncthreads();
  float w = tile[tx][ty];
  out[(blockIdx.x * 16 + ty) * G2 + blockIdx.y * 16 + tx] = w;
}

// dim3(8,32): a warp is four rows of 8. ta[ty][tx] on [32][32]: the four rows share banks (4-way);
// tb[ty][tx] on [32][40]: rows 8 banks apart (conflict-free).
__global__ void tile8x32(float* out, const float* in) {
  __shared__ float ta[32][32];
  __shared__ float tb[32][40];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * 8 + tx;
  int y = blockIdx.y * 32 + ty;
  float v = in[y * G2 + x];
  ta[ty][tx] = v;
  tb[ty][tx] = v + 1.0f;
  __syncthreads();
  float a = ta[ty][tx];
  float b = tb[ty][tx];
  out[y * G2 + x] = a * b;
}

int main() {
  int fails = 0;
  float *a, *b, *out;
  CHECK(cudaMalloc(&a, (long)RN * sizeof(float)));          // 16 MiB: TW*TW = RN floats
  CHECK(cudaMalloc(&b, (long)MM_N * MM_N * sizeof(float)));
  CHECK(cudaMalloc(&out, (long)RN * sizeof(float)));
  init_f32<<<1024, 256>>>(a, RN, 1.0f);
  init_f32<<<1024, 256>>>(b, (long)MM_N * MM_N, 0.5f);
  CHECK(cudaGetLastError());

  // 1. Transposes (TW x TW floats in, out).
  dim3 b32x8(32, 8), b32x32(32, 32), gT(TW / TDIM, TW / TDIM);
  BENCH(8.0 * TW * TW, transpose_32x8_unpadded<<<gT, b32x8>>>(out, a));
  CHECK(cudaGetLastError());
  std::vector<float> refT = bench_fetch(out, (size_t)TW * TW);
  CHECK(cudaMemset(out, 0, (size_t)TW * TW * sizeof(float)));
  BENCH(8.0 * TW * TW, transpose_32x8_padded<<<gT, b32x8>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("transpose_32x8_padded==transpose_32x8_unpadded", refT.data(), out, (size_t)TW * TW);
  CHECK(cudaMemset(out, 0, (size_t)TW * TW * sizeof(float)));
  BENCH(8.0 * TW * TW, transpose_32x8_swizzle<<<gT, b32x8>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("transpose_32x8_swizzle==transpose_32x8_unpadded", refT.data(), out, (size_t)TW * TW);
  CHECK(cudaMemset(out, 0, (size_t)TW * TW * sizeof(float)));
  BENCH(8.0 * TW * TW, transpose_32x8_diagonal<<<gT, b32x8>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("transpose_32x8_diagonal==transpose_32x8_unpadded", refT.data(), out, (size_t)TW * TW);
  CHECK(cudaMemset(out, 0, (size_t)TW * TW * sizeof(float)));
  BENCH(8.0 * TW * TW, transpose_32x32_unpadded<<<gT, b32x32>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("transpose_32x32_unpadded==transpose_32x8_unpadded", refT.data(), out, (size_t)TW * TW);
  CHECK(cudaMemset(out, 0, (size_t)TW * TW * sizeof(float)));
  BENCH(8.0 * TW * TW, transpose_32x32_padded<<<gT, b32x32>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("transpose_32x32_padded==transpose_32x32_unpadded", refT.data(), out, (size_t)TW * TW);

  // 2. Matmul (A = a's first MM_N^2 floats, B = b).
  const size_t MM = (size_t)MM_N * MM_N;
  dim3 b16(16, 16), g16(MM_N / 16, MM_N / 16), g32(MM_N / 32, MM_N / 32);
  BENCH(0, matmul_tile<16><<<g16, b16>>>(out, a, b));
  CHECK(cudaGetLastError());
  std::vector<float> refM = bench_fetch(out, MM);
  BENCH(0, matmul_tile_transposed<16><<<g16, b16>>>(out, a, b));
  CHECK(cudaGetLastError());
  fails += bench_compare("matmul_tile_transposed<16>==matmul_tile<16>", refM.data(), out, MM);
  BENCH(0, matmul_tile<32><<<g32, b32x32>>>(out, a, b));
  CHECK(cudaGetLastError());
  fails += bench_compare("matmul_tile<32>==matmul_tile<16>", refM.data(), out, MM, 1e-3f);
  std::vector<float> refM32 = bench_fetch(out, MM);
  BENCH(0, matmul_tile_transposed<32><<<g32, b32x32>>>(out, a, b));
  CHECK(cudaGetLastError());
  fails += bench_compare("matmul_tile_transposed<32>==matmul_tile<32>", refM32.data(), out, MM);

  // 3. Reductions: RN floats -> RN / RB block sums.
  const int RG = RN / RB;
  BENCH(4.0 * RN, reduce_interleaved_strided<<<RG, RB>>>(out, a));
  CHECK(cudaGetLastError());
  std::vector<float> refR = bench_fetch(out, RG);
  BENCH(4.0 * RN, reduce_interleaved_div<<<RG, RB>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("reduce_interleaved_div==reduce_interleaved_strided", refR.data(), out, RG);
  BENCH(4.0 * RN, reduce_interleaved_steps<<<RG, RB>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("reduce_interleaved_steps==reduce_interleaved_strided", refR.data(), out, RG);
  BENCH(4.0 * RN, reduce_sequential<<<RG, RB>>>(out, a));
  CHECK(cudaGetLastError());
  fails += bench_compare("reduce_sequential==reduce_interleaved_strided", refR.data(), out, RG, 1e-4f);

  // 4. 2-D blocks (G2 x G2 floats).
  dim3 gt16(G2 / 16, G2 / 16), b8x32(8, 32), gt8(G2 / 8, G2 / 32);
  BENCH(8.0 * G2 * G2, tile16x16<16><<<gt16, b16>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * G2 * G2, tile16x16<17><<<gt16, b16>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * G2 * G2, tile16x16<32><<<gt16, b16>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(8.0 * G2 * G2, tile8x32<<<gt8, b8x32>>>(out, a));
  CHECK(cudaGetLastError());

  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(out));
  printf("37_shared_banks %s\n", fails ? "CHECK FAIL" : "ok");
  return 0;
}
