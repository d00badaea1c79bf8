// Conditions that call functions whose own `if`s test calls, as deep as the
// walk inlines: each condition is walked once for its value, and its leaves
// keep that value for the guards of both branches (Frontend/
// ConditionLeaves.h). Walked again for each branch's guards, the innermost
// load was walked 6^7 times here (ggml's mmq template instances spent three
// quarters of their analysis so).
// RUN: %python %inputs/exit-code.py 1 %cuda-coalesce --no-cuda-toolkit --timeout=20 --show-all %s | %filecheck %s
__device__ int level0(const int *a, int i) { return a[i]; }
// CHECK: conditions-calling-conditions.cu:[[@LINE-1]]:53: warning: misaligned global load from 'a': 0 to 5 sectors/request
__device__ int level1(const int *a, int i) {
  if (level0(a, i) > 1 && level0(a, i + 1) > 1)
    return 1;
  return 0;
}
__device__ int level2(const int *a, int i) {
  if (level1(a, i) > 2 && level1(a, i + 1) > 2)
    return 2;
  return 0;
}
__device__ int level3(const int *a, int i) {
  if (level2(a, i) > 3 && level2(a, i + 1) > 3)
    return 3;
  return 0;
}
__device__ int level4(const int *a, int i) {
  if (level3(a, i) > 4 && level3(a, i + 1) > 4)
    return 4;
  return 0;
}
__device__ int level5(const int *a, int i) {
  if (level4(a, i) > 5 && level4(a, i + 1) > 5)
    return 5;
  return 0;
}
__device__ int level6(const int *a, int i) {
  if (level5(a, i) > 6 && level5(a, i + 1) > 6)
    return 6;
  return 0;
}
__device__ int level7(const int *a, int i) {
  if (level6(a, i) > 7 && level6(a, i + 1) > 7)
    return 7;
  return 0;
}
__global__ void top(const int *a, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = level7(a, i);
}
// CHECK: conditions-calling-conditions.cu:[[@LINE-2]]:3: remark: coalesced global store to 'out'
void launch(const int *a, int *o) { top<<<64, 256>>>(a, o); }
