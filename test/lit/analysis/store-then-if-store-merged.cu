// `p[i] = v; if (c) p[i] = w;` is one store of `c ? w : v` in every lane:
// LLVM's SimplifyCFG speculates the second store (a store to the same
// address just before it makes it safe), dead-store elimination deletes the
// first, and nvcc 13 gives the store no line, so ptxas files it under the
// `if` (HeCBench particlefilter's kernel_likelihood: 4 STG.E of every lane
// measured under its `if (ind[..] >= max_size)` on an H100). Each shape below
// was read in nvcc 13's PTX.
// The loads of in[i + 1] and in[i + 2] start off a sector: findings, exit 1.
// RUN: %python %inputs/exit-code.py 1 %cc --format=json %s > %t.json
// RUN: FileCheck %s < %t.json

// One store, every lane that reaches the first; the second is gone.
__global__ void clamp(int *__restrict__ out, const int *__restrict__ in,
                      int mx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 3;
  if (out[i] >= mx)
    out[i] = 0;
  // CHECK:      "kernel": "clamp",
  // CHECK:      "line": [[#@LINE-4]],
  // CHECK:      "kind": "store",
  // CHECK:      "requests_per_launch": 32,
  // CHECK:      "also_filed_under": [
  // CHECK-NEXT:   [[#@LINE-7]]
  // CHECK-NOT:  "line": [[#@LINE-7]],
  // CHECK:      "kernel": "keeps_first",
}

// The condition loads through a pointer that may alias the first store, so
// the first store stays; the merged one is still issued by every lane.
__global__ void keeps_first(int *out, const int *in, int mx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 3;
  if (in[i + 1] >= mx)
    out[i] = mx;
  // CHECK:      "line": [[#@LINE-3]],
  // CHECK:      "kind": "store",
  // CHECK:      "requests_per_launch": 32,
  // CHECK-NOT:  "also_filed_under"
  // CHECK:      "line": [[#@LINE-5]],
  // CHECK:      "kind": "store",
  // CHECK:      "requests_per_launch": 32,
  // CHECK:      "also_filed_under": [
  // CHECK-NEXT:   [[#@LINE-10]]
}

// A value the branch must load keeps the branch: the second store is
// issued by the lanes that take it.
__global__ void loads_in_branch(int *out, const int *in, int mx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 3;
  if (i >= mx)
    out[i] = in[i + 2];
  // CHECK:      "kernel": "loads_in_branch",
  // CHECK:      "expression": "out[i]",
  // CHECK:      "requests_per_launch": 32,
  // CHECK:      "expression": "out[i]",
  // CHECK:      "requests_per_launch": 16,
  // CHECK-NOT:  "also_filed_under"
  // CHECK:      "kernel": "store_between",
}

// A store between the two keeps the branch too.
__global__ void store_between(int *out, int *flags, const int *in, int mx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 3;
  flags[i] = 1;
  if (i >= mx)
    out[i] = mx;
  // CHECK:      "expression": "out[i]",
  // CHECK:      "requests_per_launch": 16,
  // CHECK-NOT:  "also_filed_under"
}

void launch(int *o, int *f, const int *in) {
  clamp<<<4, 256>>>(o, in, 7);
  keeps_first<<<4, 256>>>(o, in, 7);
  loads_in_branch<<<4, 256>>>(o, in, 512);
  store_between<<<4, 256>>>(o, f, in, 512);
}
