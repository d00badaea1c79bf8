// Theme: triangular loops in the style of PolyBench/GPU CORR, COVAR, SYRK and the LU/Cholesky
// family, in a file that includes a host-only header (<omp.h>, as the PolyBench/GPU sources do):
// the analyzer's environment may lack it and must parse the file anyway. No OpenMP function is
// called, so nvcc needs no -fopenmp (gcc's omp.h is enough).
// The thread index i (or j1) is the row; the triangular loop starts at it (for (j = i; j < M; j++))
// or stops at it (for (k = 0; k < i; k++)), so lanes run different trip counts and, where the
// loop variable starts at i, it is lane-dependent (j = i + t with a uniform count t).
// Global loads in the loop bodies, coalesced and strided. M = N = 2048; one thread per row,
// 256-thread blocks (grid M / 256 = 8). covar_tri's inner loop runs over CN = 16 rows only, to keep
// the profile short.
// Part of cuda-coalesce runtime-bench: one global access per source line; see ../README.md.

#include <omp.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "bench.h"

#define CHECK(x) BENCH_CHECK(x)

#define M 2048
#define N 2048
#define CN 16

// Fills a buffer with non-zero data. Not measured (ncu skips init_*).
__global__ void init_f32(float* p, long n, float base) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = base + (float)(i % 97) * 0.01f;
}

// Upper triangle walked along row i (SYRK's c[i][j], j >= i): a[j] is lane-consecutive
// (coalesced, misaligned by the uniform count t = j - i); c[i * M + j] is M + 1 floats apart.
__global__ void tri_upper_row(float* out, const float* a, const float* c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int j = i; j < M; j++) {
    float x = a[j];
    float y = c[i * M + j];
    sum += x * y;
  }
  out[i] = sum;
}

// Upper triangle walked down column i (j >= i): c[(j - i) * M + i] is coalesced and aligned (row
// t, column i); c[j * M + i] is M + 1 floats apart.
__global__ void tri_upper_col(float* out, const float* c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int j = i; j < M; j++) {
    float x = c[(j - i) * M + i];
    float y = c[j * M + i];
    sum += x - y;
  }
  out[i] = sum;
}

// Lower part, k below i (LU / Cholesky): k is uniform, the trip count is i. a[k * N + i] is
// coalesced (row k), a[i * N + k] is N floats apart.
__global__ void tri_lower_k(float* out, const float* a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < i; k++) {
    float x = a[k * N + i];
    float y = a[i * N + k];
    sum += x * y;
  }
  out[i] = sum;
}

// CORR/COVAR: thread j1, j2 = j1 + 1 .. M - 1: symmat[j1][j2] = sum_i data[i][j1] * data[i][j2],
// mirrored into symmat[j2][j1]. data[i * M + j1] is coalesced and aligned, data[i * M + j2]
// coalesced and misaligned, both symmat stores are strided (M and M + 1 floats).
__global__ void covar_tri(float* symmat, const float* data) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < M - 1) {
    for (int j2 = j1 + 1; j2 < M; j2++) {
      float s = 0.0f;
      for (int i = 0; i < CN; i++) {
        float d1 = data[i * M + j1];
        float d2 = data[i * M + j2];
        s += d1 * d2;
      }
      symmat[j1 * M + j2] = s;
      symmat[j2 * M + j1] = s;
    }
  }
}

int main() {
  float *a, *c, *out;
  CHECK(cudaMalloc(&a, (long)M * N * sizeof(float)));
  CHECK(cudaMalloc(&c, (long)M * M * sizeof(float)));
  CHECK(cudaMalloc(&out, (long)M * M * sizeof(float)));
  init_f32<<<1024, 256>>>(a, (long)M * N, 1.0f);
  init_f32<<<1024, 256>>>(c, (long)M * M, 0.5f);
  CHECK(cudaGetLastError());
  BENCH(0, tri_upper_row<<<M / 256, 256>>>(out, a, c));
  CHECK(cudaGetLastError());
  BENCH(0, tri_upper_col<<<M / 256, 256>>>(out, c));
  CHECK(cudaGetLastError());
  BENCH(0, tri_lower_k<<<N / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  BENCH(0, covar_tri<<<M / 256, 256>>>(out, a));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(a));
  CHECK(cudaFree(c));
  CHECK(cudaFree(out));
  printf("39_triangular_header ok\n");
  return 0;
}
