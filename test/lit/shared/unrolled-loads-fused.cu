// ptxas fuses the adjacent elements an unrolled loop reads from shared
// memory into LDS.64/LDS.128 where it knows their alignment, and a request
// costs the wide instruction's wavefronts. Measured on an H100 (ncu,
// 2026-12-06, runtime-bench/kernels/45_fusion.cu): sixteen lanes sharing a
// row of eight floats take 2 wavefronts a request (two LDS.128; eight LDS
// would take 1 each); a run 8 bytes off alignment is LDS.64, LDS.128,
// LDS.64 at 8 each; an array placed 12 bytes into shared memory is not fused
// (eight LDS of 4); sixteen halves are four LDS.64 of 8; a guard in the
// body keeps one LDS per element. Built with -rdc=true (Clang: -fgpu-rdc), ptxas does not
// place the arrays (the linker does) and fuses nothing of them
// (cuda-samples' matrixMul: 64 LDS where 8 LDS.128 and 32 LDS without it).
// RUN: not %cc %s | %filecheck %s
// RUN: not %cc %s -- -fgpu-rdc | %filecheck --check-prefix=RDC %s
__global__ void tile_rows(const float *in, float *out) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  for (int k = tid; k < 2048; k += 256)
    s[k] = in[k];
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 8; i++)
    acc += s[(tid / 16) * 8 + i];
  out[tid] = acc;
}

__global__ void odd_start(const float *in, float *out) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  for (int k = tid; k < 2048; k += 256)
    s[k] = in[k];
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 8; i++)
    acc += s[(tid % 16) * 8 + 2 + i];
  // CHECK: unrolled-loads-fused.cu:[[@LINE-1]]:12: warning: bank-conflict shared load from 's': 8 wavefronts/request where 2 would do
  // CHECK: note: ptxas fuses the adjacent elements of the loop's trips into LDS.64, LDS.128, LDS.64 in the unrolled loop
  // RDC: unrolled-loads-fused.cu:[[@LINE-3]]:12: warning: bank-conflict shared load from 's': 4 wavefronts/request where 1 would do
  out[tid] = acc;
}

__global__ void after_three(const float *in, float *out) {
  __shared__ float x[3];
  __shared__ float y[2048];
  int tid = threadIdx.x;
  if (tid < 3)
    x[tid] = in[tid];
  for (int k = tid; k < 2048; k += 256)
    y[k] = in[k];
  __syncthreads();
  float acc = x[2];
#pragma unroll
  for (int i = 0; i < 8; i++)
    acc += y[(tid % 16) * 8 + i];
  // CHECK: unrolled-loads-fused.cu:[[@LINE-1]]:12: warning: bank-conflict shared load from 'y': 4 wavefronts/request where 1 would do
  // RDC: unrolled-loads-fused.cu:[[@LINE-2]]:12: warning: bank-conflict shared load from 'y': 4 wavefronts/request where 1 would do
  out[tid] = acc;
}

__global__ void halves(const unsigned short *in, float *out) {
  __shared__ unsigned short h[4096];
  int tid = threadIdx.x;
  for (int k = tid; k < 4096; k += 256)
    h[k] = in[k];
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 16; i++)
    acc += h[(tid % 16) * 16 + i];
  // CHECK: unrolled-loads-fused.cu:[[@LINE-1]]:12: warning: bank-conflict shared load from 'h': 8 wavefronts/request where 2 would do
  // CHECK: note: ptxas fuses the adjacent elements of the loop's trips into 4 LDS.64 in the unrolled loop
  // RDC: unrolled-loads-fused.cu:[[@LINE-3]]:12: warning: bank-conflict shared load from 'h': 4 wavefronts/request where 1 would do
  out[tid] = acc;
}

__global__ void guarded_rows(const float *in, float *out, int n) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  for (int k = tid; k < 2048; k += 256)
    s[k] = in[k];
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 8; i++)
    if (tid < n)
      acc += s[(tid / 16) * 8 + i];
  out[tid] = acc;
}

void launch(const float *in, const unsigned short *h, float *out, int n) {
  tile_rows<<<256, 256>>>(in, out);
  odd_start<<<256, 256>>>(in, out);
  after_three<<<256, 256>>>(in, out);
  halves<<<256, 256>>>(h, out);
  guarded_rows<<<256, 256>>>(in, out, n);
}
