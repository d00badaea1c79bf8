// `stack[--top]` reads the variable once the step is taken: a stack pointer
// changed under per-lane branches in a `while (top)` loop differs between
// the lanes. It was taken as one unknown value for the warp (HeCBench
// langford's `pop`: 1.644 wavefronts measured on an H100, 2 given for a
// 192-byte row per lane, as if every lane's top were the same).
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void dfs(const int *avail, int *out, int n) {
  __shared__ int stack[4][64];
  int *st = stack[threadIdx.x % 4];
  int top = 0;
  st[top++] = 1;
  // CHECK: stack-pointer-stepped-in-index.cu:[[@LINE-1]]:3: warning: bank-conflict shared store to 'stack'
  int sum = 0;
  while (top) {
    int v = st[--top];
    // CHECK: stack-pointer-stepped-in-index.cu:[[@LINE-1]]:13: remark: shared load from 'stack' depends on values not known here: 1 to 4 wavefronts/request
    // CHECK: note: index top - 1 (4-byte elements)
    sum += v;
    if (avail[v * 32 + threadIdx.x] > n)
      // CHECK: stack-pointer-stepped-in-index.cu:[[@LINE-1]]:9: warning: scattered global load from 'avail'
      st[top++] = v + 1;
  }
  out[threadIdx.x] = sum;
}
void go(const int *a, int *o) { dfs<<<64, 4>>>(a, o, 5); }
