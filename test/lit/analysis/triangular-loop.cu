// Lane t leaves `for (k = 0; k <= t; k++)` after trip t, so the lanes of a
// warp run 32w + 1 .. 32w + 32 trips. Lanes in step would average 31.06
// sectors per request over every trip of the 32 warps (each lane's row a
// sector of its own; the first 16 trips alone would say 31.73), as
// PolyBench's CORR and COVAR measure on an H200, whose loops hold a loop and
// are not unrolled. This body nvcc unrolls by 4 (the t % 4 leftover trips
// after it) and ptxas runs that 16 trips at a time, then 8 and 4: the pieces
// that only some lanes run take 17376 requests for 524,800 sectors, 30.20
// per request (a simulation of those pieces, not the tool; llm.c's causal
// softmax loop has this shape and measures so on an H200).
// RUN: not %cc %s | %filecheck %s
__global__ void row_prefix(const float *att, float *out, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < T) {
    const float *row = att + t * T;
    float m = 0;
    for (int k = 0; k <= t; k++)
      m += row[k];
    // CHECK: triangular-loop.cu:[[@LINE-1]]:12: warning: strided global load from 'att': 30.2{{[0-9]?}} sectors/request
    out[t] = m;
  }
}

void launch(const float *a, float *o) { row_prefix<<<32, 32>>>(a, o, 1024); }
