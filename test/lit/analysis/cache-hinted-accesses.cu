// Cache-hinted loads and stores nvcc declares (Clang 22 lacks some of them)
// parse and count as loads and stores.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void hinted(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = __ldcs(&a[t]);
  // CHECK: cache-hinted-accesses.cu:[[@LINE-1]]:21: remark: coalesced global load from 'a': 4 sectors/request
  float w = __ldca(&a[2 * t]);
  // CHECK: cache-hinted-accesses.cu:[[@LINE-1]]:21: warning: strided global load from 'a': 8 sectors/request
  __stcs(&o[t], v + w);
  // CHECK: cache-hinted-accesses.cu:[[@LINE-1]]:11: remark: coalesced global store to 'o': 4 sectors/request
}
void launch(const float *a, float *o) { hinted<<<64, 256>>>(a, o); }
