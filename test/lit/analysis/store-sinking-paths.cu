// Whether nvcc sinks the store both branches of an `if` end with to their
// join (the PTX of CUDA 13.0's nvcc -O3 for each kernel below).
// An `else if` chain, or a branch that ends with an `if`, joins three paths
// in one block and every store stays under its own line: three st.global in
// chain and in nested_last (HeCBench eigenvalue, H100: the else branch's
// store ran under its line, where one store under the then branch's line had
// been given). Two paths with a loop, or a short branch that loads another
// array, are not decided by the source: two_paths and short_other_array keep
// both stores, the same shapes under a test on loaded data sink them (one
// st.global): the range from the branch's lanes to every lane.
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not="global store"

__device__ float count_below(float x, int n, const float *d) {
  float c = 0;
  for (int k = 0; k < n; ++k)
    c += d[k] < x;
  return c;
}

__global__ void two_paths(float *a, const float *b, const float *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 16) {
    float c = count_below(b[i], n, d);
    a[i] = c;
    // CHECK: store-sinking-paths.cu:[[@LINE-1]]:5: remark: coalesced global store to 'a': 2 to 4 sectors/request (ideal 2; the least where nvcc keeps the store in its branch)
  } else {
    a[i] = 1.0f;
    // CHECK: store-sinking-paths.cu:[[@LINE-1]]:5: remark: coalesced global store to 'a': 2 to 4 sectors/request (ideal 2; the least where nvcc keeps the store in its branch)
  }
}

__global__ void short_other_array(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 16)
    a[i] = b[i] * 3.0f;
  // CHECK: store-sinking-paths.cu:[[@LINE-1]]:5: remark: coalesced global store to 'a': 2 to 4 sectors/request (ideal 2; the least where nvcc keeps the store in its branch)
  else
    a[i] = 1.0f;
  // CHECK: store-sinking-paths.cu:[[@LINE-1]]:5: remark: coalesced global store to 'a': 2 to 4 sectors/request (ideal 2; the least where nvcc keeps the store in its branch)
}

__global__ void chain(float *a, const float *b, const float *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 8) {
    a[i] = count_below(b[i], n, d);
    // CHECK: store-sinking-paths.cu:[[@LINE-1]]:5: remark: coalesced global store to 'a': 1 sectors/request (ideal 1)
  } else if (threadIdx.x % 32 < 16) {
    a[i] = 1.0f;
    // CHECK: store-sinking-paths.cu:[[@LINE-1]]:5: remark: coalesced global store to 'a': 1 sectors/request (ideal 1)
  } else {
    a[i] = 2.0f;
    // CHECK: store-sinking-paths.cu:[[@LINE-1]]:5: remark: coalesced global store to 'a': 2 sectors/request (ideal 2)
  }
}

__global__ void nested_last(float *a, const float *b, const float *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 16) {
    float c = count_below(b[i], n, d);
    if (threadIdx.x % 32 < 8)
      a[i] = c;
    // CHECK: store-sinking-paths.cu:[[@LINE-1]]:7: remark: coalesced global store to 'a': 1 sectors/request (ideal 1)
    else
      a[i] = 5.0f;
    // CHECK: store-sinking-paths.cu:[[@LINE-1]]:7: remark: coalesced global store to 'a': 1 sectors/request (ideal 1)
  } else {
    a[i] = 2.0f;
    // CHECK: store-sinking-paths.cu:[[@LINE-1]]:5: remark: coalesced global store to 'a': 2 sectors/request (ideal 2)
  }
}

void launch(float *a, const float *b, const float *d, int n) {
  two_paths<<<64, 256>>>(a, b, d, n);
  short_other_array<<<64, 256>>>(a, b);
  chain<<<64, 256>>>(a, b, d, n);
  nested_last<<<64, 256>>>(a, b, d, n);
}
