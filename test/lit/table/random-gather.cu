// a[idx[t]]: data-dependent indices scatter the warp: from one sector (every
// lane the same index) to one a lane (32), with no count (docs/model.md, the
// contract, point 5).
// RUN: not %cc %s | %filecheck %s
__global__ void gather(const float *a, const int *idx, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int j = idx[t];
  o[t] = a[j];
  // CHECK: random-gather.cu:[[@LINE-1]]:10: warning: scattered global load from 'a': 1 to 32 sectors/request where 4 would do (the addresses are data)
  // CHECK: note: the address depends on idx[t], data loaded per lane: 1 to 32 sectors/request (one sector where the lanes share one, a sector a lane at the most)
  // CHECK-NOT: warning:
}
void launch(const float *a, const int *idx, float *o) { gather<<<4096, 256>>>(a, idx, o); }
