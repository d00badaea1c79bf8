// Lanes in groups of 8, 16 bytes apart inside a group, groups 256 bytes
// apart (ggml's `y[64 * (tid / 8) + 4 * (tid % 8)]`): a stride of two
// levels, labelled strided, not scattered (nothing in it is irregular). Each
// group of 8 lanes covers 128 bytes in 4 sectors: 16 sectors a request.
// RUN: not %cc %s | %filecheck %s
__global__ void groups(const float *y, float *out) {
  int tid = threadIdx.x;
  out[blockIdx.x * 256 + tid] =
      y[blockIdx.x * 2048 + 64 * (tid / 8) + 4 * (tid % 8)];
  // CHECK: two-level-stride.cu:[[@LINE-1]]:7: warning: strided global load from 'y': 16 sectors/request where 4 would do (25% efficiency)
}
void launch(const float *y, float *out) { groups<<<64, 256>>>(y, out); }
