// A per-lane value the walk does not follow (a select, a value carried
// around a loop) makes the pattern unknown, naming the value; only values
// loaded per lane make an access a data-dependent gather.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
__global__ void select_index(const float *in, float *out, int nx) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int j = c / nx;
  out[c] = in[j == 7 ? c : c + nx];
  // CHECK: unfollowed-lane-value.cu:[[@LINE-1]]:12: remark: global load from 'in': pattern unknown (depends on (j == 7 ? c : c + nx), a per-lane value computed in a way the analysis does not follow)
}

__global__ void carried(const float *in, float *out, int steps) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int s = t;
  for (int k = 0; k < steps; ++k)
    s = (s * 5 + 1) & 1023;
  out[t] = in[s];
  // CHECK: unfollowed-lane-value.cu:[[@LINE-1]]:12: remark: global load from 'in': pattern unknown (depends on s, a per-lane value computed in a way the analysis does not follow)
}

__global__ void gather(const int *idx, const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = in[idx[t]];
  // CHECK: unfollowed-lane-value.cu:[[@LINE-1]]:12: warning: scattered global load from 'in'
  // CHECK: note: the address depends on idx[t], data loaded per lane: 1 to 32 sectors/request
}

void launch(const int *idx, const float *in, float *out) {
  select_index<<<64, 256>>>(in, out, 1000);
  carried<<<64, 256>>>(in, out, 8);
  gather<<<64, 256>>>(idx, in, out);
}
