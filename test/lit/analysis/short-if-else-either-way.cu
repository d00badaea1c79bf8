// An `if` whose two branches are short stores to different places: PTX
// branches around each, and ptxas may if-convert the diamond, so that every
// warp issues both stores, the lanes that fail the test off. Chai's BFS and
// SSSP (`if (t >= N) *overflow = 1; else q[t] = id;` in their frontier loop,
// H100, ncu 2026-12-06) ran the overflow store in warps where no lane had
// overflowed, moving nothing: 0 sectors a request where 1 was given. Either
// lowering is the compiler's choice: the count is the range between the two.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void push(int *overflow, int *q, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; k++) {
    int t = in[k * 16384 + i];
    if (t >= 256)
      *overflow = 1;
    // CHECK: short-if-else-either-way.cu:[[@LINE-1]]:7: remark: uniform global store to 'overflow': 0 to 1 sectors/request (ideal 1; data decides which lanes run)
    else
      q[i] = t;
    // CHECK: short-if-else-either-way.cu:[[@LINE-1]]:7: remark: coalesced global store to 'q': 0 to 4 sectors/request (ideal 4; data decides which lanes run)
  }
}

// A longer branch keeps PTX's branches: a warp whose lanes all fail the
// test skips the store, so one sector wherever it runs.
__global__ void push_longer(int *overflow, int *q, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; k++) {
    int t = in[k * 16384 + i];
    if (t >= 256) {
      *overflow = 1;
      for (int r = 0; r < t; r++)
        q[i] += r;
    } else
      q[i] = t;
  }
  // CHECK: short-if-else-either-way.cu:[[@LINE-6]]:7: remark: uniform global store to 'overflow': 1 sectors/request
}

void launch(int *o, int *q, const int *in) {
  push<<<64, 256>>>(o, q, in, 16);
  push_longer<<<64, 256>>>(o, q, in, 16);
}
