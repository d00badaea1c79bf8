// `c ? base + offset : nullptr`: an access through the null side would be
// undefined, so every access that runs goes through the other side, whose
// lanes keep their shape (HeCBench kalman's forecast rows, `fc_steps ? d_fc
// + bid * fc_steps : nullptr`: a pattern the analysis did not follow).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void rows(double *d_fc, const float *a, int steps, int n) {
  int bid = blockIdx.x * blockDim.x + threadIdx.x;
  double *b_fc = steps ? d_fc + bid * steps : nullptr;
  const float *row = n ? nullptr : a + bid;
  for (int it = 0; it < steps; it++)
    b_fc[it] = row[0];
  // CHECK-DAG: pointer-or-null-conditional.cu:[[@LINE-1]]:5: remark: global store to 'd_fc' depends on values not known here: 8 to 32 sectors/request where 8 would do
  // CHECK-DAG: pointer-or-null-conditional.cu:[[@LINE-2]]:16: remark: coalesced global load from 'a': 4 sectors/request (ideal 4)
}
void launch(double *d, const float *a, int s, int n) { rows<<<64, 256>>>(d, a, s, n); }
