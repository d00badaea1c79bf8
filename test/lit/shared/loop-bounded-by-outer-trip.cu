// An inner loop bounded by the outer loop's trip (`for (j = 0; j < i; j++)`)
// runs i trips on the outer loop's trip i: its requests weigh each outer trip
// by i. HeCBench's lud_diagonal (16 lanes, rows 16 words apart, lanes i+1 ..
// 15 in the loop) measures 308 wavefronts over 105 store requests, 2.93 per
// request, on an H100 (ncu, 2026-12-06); the plain average over the outer
// trips would say 4.
// RUN: not %cc %s | %filecheck %s
#define BS 16
__global__ void lower_triangle(float *m) {
  __shared__ float shadow[BS * BS];
  int tx = threadIdx.x;
  for (int i = 0; i < BS; i++)
    shadow[i * BS + tx] = m[i * BS + tx];
  __syncthreads();
  for (int i = 0; i < BS - 1; i++) {
    if (tx > i) {
      for (int j = 0; j < i; j++)
        shadow[tx * BS + i] -= shadow[tx * BS + j] * shadow[j * BS + i];
      // CHECK: loop-bounded-by-outer-trip.cu:[[@LINE-1]]:32: warning: bank-conflict shared load from 'shadow': 2.933 wavefronts/request
      // CHECK: loop-bounded-by-outer-trip.cu:[[@LINE-2]]:9: warning: bank-conflict shared load from 'shadow': 2.933 wavefronts/request
      // CHECK: loop-bounded-by-outer-trip.cu:[[@LINE-3]]:9: warning: bank-conflict shared store to 'shadow': 2.933 wavefronts/request
    }
    __syncthreads();
  }
  for (int i = 0; i < BS; i++)
    m[i * BS + tx] = shadow[i * BS + tx];
}

void launch(float *m) { lower_triangle<<<1, BS>>>(m); }
