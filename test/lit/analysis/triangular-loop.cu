// Lane t leaves `for (k = 0; k <= t; k++)` after trip t: warp w runs
// 32w + 32 trips, all lanes in the first 32w, then one fewer each trip.
// Averaged over every trip of the 32 warps (each lane's row a sector of its
// own): (1024 * 496 + 528 * 32) / (32 * 496 + 1024) = 31.06 sectors per
// request; the first 16 trips alone would say 31.73. PolyBench's CORR and
// COVAR loops have this shape and measure 31.06 on an H200.
// RUN: not %cc %s | %filecheck %s
__global__ void row_prefix(const float *att, float *out, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < T) {
    const float *row = att + t * T;
    float m = 0;
    for (int k = 0; k <= t; k++)
      m += row[k];
    // CHECK: triangular-loop.cu:[[@LINE-1]]:12: warning: strided global load from 'att': 31.06 sectors/request
    out[t] = m;
  }
}

void launch(const float *a, float *o) { row_prefix<<<32, 32>>>(a, o, 1024); }
