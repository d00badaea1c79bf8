// A reference parameter bound to a choice between locals (`f ? t2 : t1`, an
// lvalue the walk keeps no object for) reads the chosen value, per lane:
// HeCBench bwt's bitonic sort compares rotations `genome[(a + i) % n]` of
// the table entries each lane loaded, and they were "uniform, 1 sector"
// where an H100 measured 1.05.
// RUN: %cc --show-all %s | %filecheck %s
__device__ float at(const int &a, const float *g) { return g[a]; }
// CHECK: reference-to-a-choice.cu:[[@LINE-1]]:60: remark: global load from 'g': pattern unknown (depends on (f ? t2 : t1), a per-lane value computed in a way the analysis does not follow)
__global__ void choose(const float *g, float *o, int k) {
  int t1 = threadIdx.x;
  int t2 = threadIdx.x + 1;
  bool f = (threadIdx.x & k) == 0;
  o[threadIdx.x] = at(f ? t2 : t1, g);
}
