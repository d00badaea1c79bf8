// clang-tidy-22 with the plugin: a bank conflict is a warning of
// cuda-memory-coalescing with the CLI's message and fixes.
// REQUIRES: clang-tidy, cuda-toolkit
// RUN: %clang-tidy --checks='-*,cuda-memory-coalescing' %s -- %cuda-flags \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not=cuda-memory-coalescing
__global__ void column(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: bank-conflict shared load from 'tile': 32 wavefronts/request where 1 would do (32-way bank conflict) [cuda-memory-coalescing]
  // CHECK-MESSAGES: :[[@LINE-2]]:41: note: lanes 0 and 1 are 128 bytes apart: 0 banks apart (32 banks of 4 bytes)
  // CHECK-MESSAGES: :[[@LINE-3]]:41: note: fix (pad-shared): {{.*}}after the fix: 1 wavefronts/request
}
void go(float *out, const float *in) { column<<<1, dim3(32, 32)>>>(out, in); }
