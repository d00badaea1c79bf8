// Both branches of an `if` end with a store to the same element: nvcc sinks
// the two into one store after the join (one st.global in its PTX), which
// every lane that reached the `if` issues: 4 sectors for the warp, not two
// stores of 16 lanes at 2 sectors each. PTX gives it the else branch's line.
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not=remark:
__global__ void halves(float *a, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 16) {
    a[i] = s;
  } else {
    a[i] = 2.0f * s;
    // CHECK: merged-branch-store.cu:[[@LINE-1]]:5: remark: coalesced global store to 'a': 4 sectors/request (ideal 4)
  }
}

// When the then branch loads, nvcc's line for the merged store is that
// branch's (SASS: the load's line, the store's own line is 0 in PTX).
__global__ void scale_or_clear(float *a, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 16) {
    a[i] *= s;
    // CHECK: merged-branch-store.cu:[[@LINE-1]]:5: remark: coalesced global load from 'a': 2 sectors/request (ideal 2)
    // CHECK: merged-branch-store.cu:[[@LINE-2]]:5: remark: coalesced global store to 'a': 4 sectors/request (ideal 4)
  } else {
    a[i] = 0.0f;
  }
}

// At the kernel's end under another condition the join is the exit, which
// that condition's lanes branch to as well: nvcc keeps both stores.
__global__ void nested_at_end(float *a, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (threadIdx.x % 32 < 16)
      a[i] = s;
    // CHECK: merged-branch-store.cu:[[@LINE-1]]:7: remark: coalesced global store to 'a': 2 sectors/request (ideal 2)
    else
      a[i] *= s;
    // CHECK: merged-branch-store.cu:[[@LINE-1]]:7: remark: coalesced global load from 'a': 2 sectors/request (ideal 2)
    // CHECK: merged-branch-store.cu:[[@LINE-2]]:7: remark: coalesced global store to 'a': 2 sectors/request (ideal 2)
  }
}

// Cache-hinted stores are inline asm, which nvcc does not merge.
__global__ void hinted(float *a, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 16)
    __stcs(a + i, s);
  // CHECK: merged-branch-store.cu:[[@LINE-1]]:12: remark: coalesced global store to 'a': 2 sectors/request (ideal 2)
  else
    __stcs(a + i, 2.0f * s);
  // CHECK: merged-branch-store.cu:[[@LINE-1]]:12: remark: coalesced global store to 'a': 2 sectors/request (ideal 2)
}

// Stores to different arrays stay two, each under its own condition.
__global__ void two_arrays(float *a, float *b, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 16)
    a[i] = s;
  // CHECK: merged-branch-store.cu:[[@LINE-1]]:5: remark: coalesced global store to 'a': 2 sectors/request (ideal 2)
  else
    b[i] = s;
  // CHECK: merged-branch-store.cu:[[@LINE-1]]:5: remark: coalesced global store to 'b': 2 sectors/request (ideal 2)
}

void launch(float *a, float *b, float s) {
  halves<<<64, 256>>>(a, s);
  scale_or_clear<<<64, 256>>>(a, s);
  nested_at_end<<<64, 256>>>(a, s, 64 * 256);
  hinted<<<64, 256>>>(a, s);
  two_arrays<<<64, 256>>>(a, b, s);
}
