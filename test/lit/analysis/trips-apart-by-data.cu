// A loop whose trip count each lane loads: nvcc unrolls it and runs each
// lane's leftover trips apart from the others', so an address that reads
// only the trip is up to as many addresses as the trips the lanes are
// apart, not one. The walk, which cannot place the lanes' trips, puts them
// in step: `x[c]` was "uniform, 1 sector" (HeCBench chemv's `X[c1 + c3]`,
// c3 bounded per lane: 1.10 sectors measured on an H100).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void per_lane_bound(const int *len, const float *x, float *y) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int n = len[t];
  float s = 0.0f;
  for (int c = 0; c < n; ++c)
    s += x[c];
  // CHECK: trips-apart-by-data.cu:[[@LINE-1]]:10: remark: global load from 'x' depends on values not known here: 0 to 32 sectors/request where 1 would do
  y[t] = s;
}

// Lanes in step where the trip count is the same in every lane.
__global__ void same_bound(const int *len, const float *x, float *y) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int n = len[blockIdx.x];
  float s = 0.0f;
  for (int c = 0; c < n; ++c)
    s += x[c];
  // CHECK: trips-apart-by-data.cu:[[@LINE-1]]:10: remark: uniform global load from 'x': 0 to 1 sectors/request
  y[t] = s;
}

void launch(const int *len, const float *x, float *y) {
  per_lane_bound<<<64, 256>>>(len, x, y);
  same_bound<<<64, 256>>>(len, x, y);
}
