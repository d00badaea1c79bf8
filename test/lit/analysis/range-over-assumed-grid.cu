// A range over values not known, under a grid not known either, holds for
// every launch: the warps of the launch may be the costliest or the
// cheapest of those the walk visits (the average over blockIdx 0..63 is no
// bound). HeCBench's epistasis (a triangle of pairs, two words a lane, at an
// offset set by two sizes) measured 8.98 sectors a request on an H100
// (ncu, 2026-12-06) where 1 to 8.96 was given; a warp of 32 lanes 8 bytes
// apart spans 9 sectors where its start is not 32-byte aligned.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void pairs(const unsigned *data, float *scores, int n, int p) {
  int j = blockDim.x * blockIdx.x + threadIdx.x;
  int i = blockDim.y * blockIdx.y + threadIdx.y;
  if (j > i && i < n && j < n) {
    const unsigned *row = &data[j * 2];
    int at = 2 * p * n - 2 * n;
    scores[i * n + j] = __popc(row[at]);
    // CHECK: range-over-assumed-grid.cu:[[@LINE-1]]:32: remark: global load from 'data' depends on values not known here: 1 to 9 sectors/request
  }
}

void launch(const unsigned *d, float *s, int n, int p, int gx, int gy) {
  pairs<<<dim3(gx, gy), dim3(64, 1)>>>(d, s, n, p);
}
