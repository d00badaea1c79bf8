// A helper that returns a reference into global memory: the caller's read
// of what it returns is the access (m[c * n + r], r along the lanes: 4
// sectors), where the caller reads it.
// RUN: %cc --show-all %s | %filecheck %s
__device__ float &at(float *m, int r, int c, int n) { return m[r * n + c]; }
__global__ void column_sum(float *m, float *o, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int c = 0; c < 16; ++c)
    acc += at(m, c, r, n);
  // CHECK: reference-helper.cu:[[@LINE-1]]:12: remark: coalesced global load from 'm': 4 sectors/request (ideal 4)
  o[r] = acc;
  // CHECK: reference-helper.cu:[[@LINE-1]]:3: remark: coalesced global store to 'o': 4 sectors/request (ideal 4)
}
void launch(float *m) { column_sum<<<64, 256>>>(m, m, 4096); }
