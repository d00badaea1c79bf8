// A clamp written as a choice is the min or max of its operands:
// `i < n ? i : n - 1` is min(i, n - 1) and `i > 0 ? i - 1 : 0` is
// max(i - 1, 0) (nvcc emits one IMNMX), so the lanes' addresses are known
// where the operands are.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void clamp_last(const float *a, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = a[i < n ? i : n - 1];
  // 31 warps of 4 sectors, the 481 others (lanes at or past 999) one:
  // 605 / 512.
  // CHECK: clamp-written-as-choice.cu:[[@LINE-3]]:10: remark: {{.*}}global load from 'a': 1.182 sectors/request
}

__global__ void clamp_first(const float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = a[i > 0 ? i - 1 : 0];
  // Warp 0 reads elements 0..30 (4 sectors), every other one 32w - 1 ..
  // 32w + 30 (5): 2559 / 512.
  // CHECK: clamp-written-as-choice.cu:[[@LINE-3]]:10: warning: misaligned global load from 'a': 4.998 sectors/request where 4 would do
}

__global__ void clamp_swapped(const float *a, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = a[n > i ? i : n - 1];
  // CHECK: clamp-written-as-choice.cu:[[@LINE-1]]:10: remark: {{.*}}global load from 'a': 1.182 sectors/request
}

void launch(const float *a, float *o) {
  clamp_last<<<64, 256>>>(a, o, 1000);
  clamp_first<<<64, 256>>>(a, o);
  clamp_swapped<<<64, 256>>>(a, o, 1000);
}
