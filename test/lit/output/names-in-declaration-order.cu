// Values the walk cannot follow are listed in the order their variables are
// declared, on every run: they were listed in the order of the heap
// addresses of their declarations, which changed from run to run (llm.c's
// layernorm_backward_kernel2 said "current_dbias32b, old_dbias32b" on one
// run and "old_dbias32b, current_dbias32b" on the next). Four runs.
// RUN: %cc --format=json --show-all %s | FileCheck %s
// RUN: %cc --format=json --show-all %s | FileCheck %s
// RUN: %cc --format=json --show-all %s | FileCheck %s
// RUN: %cc --format=json --show-all %s | FileCheck %s

// A compare-and-swap loop: the atomic runs while `old != current`, two
// values the loop changes.
__global__ void cas_add(unsigned *a, const unsigned *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned current = a[i], add = d[i];
  unsigned old = atomicCAS(&a[i], current, current + add);
  while (old != current) {
    current = old;
    old = atomicCAS(&a[i], current, current + add);
    // CHECK: "line": [[@LINE-1]],
    // CHECK: "unknown_reason": "a guard reads current, old, data
  }
}

int main() {
  unsigned *a, *d;
  cas_add<<<64, 256>>>(a, d);
}
