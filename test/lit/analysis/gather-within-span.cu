// A gather whose index the code bounds whatever the data (`idx[i] & 15`, a
// 16-entry float table) spans at most the sectors of that range: 2, not a
// sector a lane. An index the code does not bound stays one sector a lane
// at the most. Bounded to what a full warp needs, the gather is no finding.
// RUN: not %cc --show-all %s | %filecheck %s

__global__ void small_table(float *out, const float *table, const int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = table[idx[i] & 15];
  // CHECK: gather-within-span.cu:[[@LINE-1]]:12: remark: scattered global load from 'table': 1 to 2 sectors/request (ideal 2; the addresses are data)
}

__global__ void any_row(float *out, const float *table, const int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = table[idx[i]];
  // CHECK: gather-within-span.cu:[[@LINE-1]]:12: warning: scattered global load from 'table': 1 to 32 sectors/request
}

void launch(float *out, const float *table, const int *idx) {
  small_table<<<64, 256>>>(out, table, idx);
  any_row<<<64, 256>>>(out, table, idx);
}
