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

// On the thread index: warp 0 has no lane past the test. If-converted, it
// issues the then branch's store with no lane on; branched around, it
// skips it.
__global__ void split_by_warp(int *flags, int *q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x >= 32)
    flags[blockIdx.x] = 1;
  // CHECK: short-if-else-either-way.cu:[[@LINE-1]]:5: remark: uniform global store to 'flags': 0.875 to 1 sectors/request
  else
    q[i] = 0;
  q[i + 16384] = 1; // not the kernel's end, where failing lanes just exit
}

// A longer branch keeps PTX's branches: warp 0 skips the store.
__global__ void split_longer(int *flags, int *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x >= 32) {
    flags[blockIdx.x] = 1;
    for (int r = 0; r < n; r++)
      q[i] += r;
  } else
    q[i] = 0;
  // CHECK: short-if-else-either-way.cu:[[@LINE-5]]:5: remark: uniform global store to 'flags': 1 sectors/request
  q[i + 16384] = 1;
}

void launch(int *o, int *q, const int *in) {
  push<<<64, 256>>>(o, q, in, 16);
  split_by_warp<<<64, 256>>>(o, q);
  split_longer<<<64, 256>>>(o, q, 16);
}
