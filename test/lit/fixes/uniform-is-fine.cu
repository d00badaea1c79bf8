// A uniform load in a loop is a broadcast: said to be fine.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void bias(const float *w, float *o, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += w[k];
  // CHECK: uniform-is-fine.cu:[[@LINE-1]]:10: remark: uniform global load from 'w': 1 sectors/request
  // CHECK: note: fix (uniform-is-fine): a broadcast: every lane of a warp row reads one address, served by one sector; nothing to fix
  o[t] = s;
}
void launch(const float *w, float *o) { bias<<<256, 256>>>(w, o, 64); }
