// With a baseline, a new access is reported (exit 1), the known ones are
// not; a third copy of an access known twice is new too.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: %python %inputs/exit-code.py 0 %cc --baseline=%t/base.json %t/k.cu
// RUN: sed -i 's|// ADD: ||' %t/k.cu
// RUN: %python %inputs/exit-code.py 1 %cc --baseline=%t/base.json %t/k.cu | %filecheck %s --implicit-check-not=warning:
__global__ void k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[2 * t];
  o[t] += a[2 * t];
  // ADD: o[t] += a[2 * t];
  // CHECK: k.cu:[[@LINE-1]]:11: warning: strided global load from 'a': 8 sectors/request
  // ADD: o[t] += a[3 * t];
  // CHECK: k.cu:[[@LINE-1]]:11: warning: strided global load from 'a': 12 sectors/request
}
void go(const float *a, float *o) { k<<<64, 256>>>(a, o); }
