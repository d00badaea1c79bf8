// a[idx[t]]: data-dependent indices scatter the warp over 32 sectors.
// RUN: not %cc %s | %filecheck %s
__global__ void gather(const float *a, const int *idx, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int j = idx[t];
  o[t] = a[j];
  // CHECK: random-gather.cu:[[@LINE-1]]:10: warning: scattered global load from 'a': 32 sectors/request where 4 would do (12.5% efficiency)
  // CHECK: the address depends on data loaded per lane
  // CHECK: data-dependent addresses: 32 sectors/request if every lane hits a sector of its own
  // CHECK-NOT: warning:
}
void launch(const float *a, const int *idx, float *o) { gather<<<4096, 256>>>(a, idx, o); }
