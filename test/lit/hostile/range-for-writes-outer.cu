// A range-based for that writes a variable declared outside it: the walk
// once kept a reference into a temporary destroyed before the loop body
// (a use after free that crashed the CLI, clang-tidy and clangd on every
// fattn-mma file of ggml). The kernel is analysed, the loop's value is a
// per-lane value the walk does not follow.
// RUN: not %cc %s | %filecheck %s --implicit-check-not=error:
__global__ void sum_strides(float *out) {
  float v = 0;
  int off = 0;
  const int steps[] = {32, 16, 8};
  for (int s : steps) {
    v += s;
    off += s;
  }
  out[threadIdx.x * 2] = v;
  // CHECK: range-for-writes-outer.cu:[[@LINE-1]]:3: warning: strided global store to 'out': 8 sectors/request where 4 would do
  out[threadIdx.x + off] = v;
}
void launch(float *out) { sum_strides<<<1, 256>>>(out); }
