// A helper template 800 instantiations deep, each calling the next: the walk
// inlines helpers only to a bounded depth, so it ends (and does not run out
// of stack); what lies deeper is a value it does not follow.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s
template <int N> __device__ int depth(int x) { return depth<N - 1>(x) + 1; }
template <> __device__ int depth<0>(int x) { return x; }
__global__ void k(float *a) {
  a[depth<800>(threadIdx.x)] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: remark: global store to 'a': pattern unknown (depends on depth<N - 1>(x), a per-lane value computed in a way the analysis does not follow)
}
void go(float *a) { k<<<1, 32>>>(a); }
