// PolyBench CORR's shape: lane j1 runs `j2` from j1 + 1 to M, 1023 trips
// for the first lane, more than the walker visits one by one. Consecutive
// lanes, so a trip's sectors turn on where the warp starts within a sector
// and, in each warp's last 32 trips, on how many lanes are left. Over every
// trip of every warp that is 4.7324 sectors per request (a simulation of the
// trips, not the tool; CORR's `data[i*M + j2]` measures so on an H200); the
// sample of trips said 4.759. The store, a sector per lane left: 31.0588.
// RUN: not %cc %s | %filecheck %s
#define M 1024
#define N 1024
__global__ void column_products(const float *data, float *symmat) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < M - 1) {
    for (int j2 = j1 + 1; j2 < M; j2++) {
      float sum = 0;
      for (int i = 0; i < N; i++)
        sum += data[i * M + j1] * data[i * M + j2];
      // CHECK: long-triangular-loop.cu:[[@LINE-1]]:35: warning: misaligned global load from 'data': 4.732 sectors/request
      symmat[j1 * M + j2] = sum;
      // CHECK: long-triangular-loop.cu:[[@LINE-1]]:7: warning: strided global store to 'symmat': 31.06 sectors/request
    }
  }
}

void launch(const float *d, float *s) { column_products<<<M / 256, 256>>>(d, s); }
