// A loop that stores through one pointer keeps a load through another out of
// the loop where either pointer is a kernel's __restrict__ parameter: LLVM's
// LICM hoists the load (what a restrict pointer reads no other pointer
// writes), and nvcc files it under the loop's line. nvcc 13's PTX of these
// kernels has the ld.global before the loop in the first three and in the
// loop in the last two (HeCBench particlefilter's kernel_likelihood: its
// `arrayY[i]` measured on an H100 under the `for` that stores `ind[..]`, once
// per warp). Type-based aliasing does not let it out: a float load stays in
// a loop of int stores through plain pointers.
// The strided stores are findings: exit 1.
// RUN: %python %inputs/exit-code.py 1 %cc --format=json %s > %t.json
// RUN: FileCheck %s < %t.json
__global__ void both(const float *__restrict__ a, int *__restrict__ out,
                     int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < T; y++)
    out[t * T + y] = int(a[t]) + y;
  // CHECK:      "kernel": "both",
  // CHECK:      "expression": "a[t]",
  // CHECK:      "requests_per_launch": 32,
  // CHECK:      "also_filed_under": [
  // CHECK-NEXT:   [[#@LINE-6]]
}

__global__ void load_restrict(const float *__restrict__ a, int *out, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < T; y++)
    out[t * T + y] = int(a[t]) + y;
  // CHECK:      "kernel": "load_restrict",
  // CHECK:      "expression": "a[t]",
  // CHECK:      "requests_per_launch": 32,
  // CHECK:      "also_filed_under": [
}

__global__ void store_restrict(const float *a, int *__restrict__ out, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < T; y++)
    out[t * T + y] = int(a[t]) + y;
  // CHECK:      "kernel": "store_restrict",
  // CHECK:      "expression": "a[t]",
  // CHECK:      "requests_per_launch": 32,
  // CHECK:      "also_filed_under": [
}

__global__ void neither(const float *a, int *out, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < T; y++)
    out[t * T + y] = int(a[t]) + y;
  // CHECK:      "kernel": "neither",
  // CHECK:      "expression": "a[t]",
  // CHECK:      "requests_per_launch": 2048,
  // CHECK-NOT:  "also_filed_under"
  // CHECK:      "kernel":
}

// The same restrict base stored and loaded: the store may write what the
// load reads.
__global__ void same_base(float *__restrict__ a, int n, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < T; y++)
    a[n + t * T + y] = a[t] + y;
  // CHECK:      "kernel": "same_base",
  // CHECK:      "expression": "a[t]",
  // CHECK:      "requests_per_launch": 2048,
  // CHECK-NOT:  "also_filed_under"
}

void launch(const float *a, float *f, int *o) {
  both<<<4, 256>>>(a, o, 64);
  load_restrict<<<4, 256>>>(a, o, 64);
  store_restrict<<<4, 256>>>(a, o, 64);
  neither<<<4, 256>>>(a, o, 64);
  same_base<<<4, 256>>>(f, 1 << 20, 64);
}
