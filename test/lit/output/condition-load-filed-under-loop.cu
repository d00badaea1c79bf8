// A value the loop's condition reads, loaded just before a `while` and again
// as the last statement of its body (a queue's base in shared memory,
// `my_base = *base;`), is code nvcc files under the loop's line: the profiler
// measured both loads of Chai's BFS and SSSP (64 and 16 executions of one
// LDS) at the `while`, none at their own lines. JSON's "also_filed_under"
// names the loop's line for both, so verify measures them there.
// RUN: %python %inputs/exit-code.py 0 %cc --format=json --show-all %s > %t.json
// RUN: FileCheck %s < %t.json
__global__ void drain(const int *queue, int *out, int *head, int n) {
  __shared__ int base;
  if (threadIdx.x == 0)
    base = atomicAdd(head, 256);
  __syncthreads();
  int my_base = base;
  // CHECK:      "line": [[#@LINE-1]],
  // CHECK:      "kind": "load",
  // CHECK:      "also_filed_under": [
  // CHECK-NEXT:   [[#@LINE+1]]
  while (my_base < n) {
    out[my_base + threadIdx.x] = queue[my_base + threadIdx.x];
    if (threadIdx.x == 0)
      base = atomicAdd(head, 256);
    __syncthreads();
    my_base = base;
    // CHECK:      "line": [[#@LINE-1]],
    // CHECK:      "kind": "load",
    // CHECK:      "also_filed_under": [
    // CHECK-NEXT:   [[#@LINE-9]]
  }
}
void launch(const int *q, int *out, int *head) { drain<<<64, 256>>>(q, out, head, 1 << 20); }
