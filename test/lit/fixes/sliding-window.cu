// a[t + k] over a loop on k: each trip starts 4 bytes further; staging the
// window in shared memory leaves one aligned global load per element.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void window(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < 8; ++k)
    s += a[t + k];
  // CHECK: sliding-window.cu:[[@LINE-1]]:10: warning: misaligned global load from 'a'
  // CHECK: note: fix (misaligned-start): the loop slides the warp's start across sector boundaries{{.*}}; after the fix: 4 sectors/request
  o[t] = s;
}
__global__ void window_staged(const float *a, float *o) {
  __shared__ float w[256 + 8];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  w[threadIdx.x] = a[t];
  // CHECK: sliding-window.cu:[[@LINE-1]]:20: remark: coalesced global load from 'a': 4 sectors/request
  if (threadIdx.x < 8)
    w[256 + threadIdx.x] = a[t + 256];
  __syncthreads();
  float s = 0;
  for (int k = 0; k < 8; ++k)
    s += w[threadIdx.x + k];
  o[t] = s;
}
void launch(const float *a, float *o) {
  window<<<256, 256>>>(a, o);
  window_staged<<<256, 256>>>(a, o);
}
