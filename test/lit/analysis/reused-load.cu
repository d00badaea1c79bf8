// A value the thread already holds is not loaded again: nvcc keeps it in a
// register (GVN, checked on its PTX), so only the first read issues a
// request. A barrier, or a store through a pointer that may alias, ends
// the holding.
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not=remark:
__global__ void read_twice(const float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = a[i] * a[i];
  // CHECK: reused-load.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a'
  // CHECK: reused-load.cu:[[@LINE-2]]:3: remark: coalesced global store to 'o'
}

__global__ void read_in_condition(const float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] > 0.0f)
    // CHECK: reused-load.cu:[[@LINE-1]]:7: remark: coalesced global load from 'a'
    o[i] = a[i];
  // CHECK: reused-load.cu:[[@LINE-1]]:5: remark: coalesced global store to 'o': 0 to 4 sectors/request (ideal 4; data decides which lanes run)
}

__global__ void stored_then_read(float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 1.0f;
  // CHECK: reused-load.cu:[[@LINE-1]]:3: remark: coalesced global store to 'a'
  o[i] = a[i] + 1.0f;
  // CHECK: reused-load.cu:[[@LINE-1]]:3: remark: coalesced global store to 'o'
}

__global__ void read_across_barrier(const float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i];
  // CHECK: reused-load.cu:[[@LINE-1]]:13: remark: coalesced global load from 'a'
  __syncthreads();
  o[i] = x + a[i];
  // CHECK: reused-load.cu:[[@LINE-1]]:14: remark: coalesced global load from 'a'
  // CHECK: reused-load.cu:[[@LINE-2]]:3: remark: coalesced global store to 'o'
}

__global__ void read_after_other_store(const float *a, float *b, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i];
  // CHECK: reused-load.cu:[[@LINE-1]]:13: remark: coalesced global load from 'a'
  b[i] = x;
  // CHECK: reused-load.cu:[[@LINE-1]]:3: remark: coalesced global store to 'b'
  o[i] = a[i];
  // CHECK: reused-load.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a'
  // CHECK: reused-load.cu:[[@LINE-2]]:3: remark: coalesced global store to 'o'
}

__global__ void read_each_trip(const float *a, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = a[i];
  // CHECK: reused-load.cu:[[@LINE-1]]:13: remark: coalesced global load from 'a'
  for (int k = 0; k < n; ++k)
    s += a[i];
  o[i] = s;
  // CHECK: reused-load.cu:[[@LINE-1]]:3: remark: coalesced global store to 'o'
}

__global__ void read_each_trip_after_store(float *a, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = a[i];
  // CHECK: reused-load.cu:[[@LINE-1]]:13: remark: coalesced global load from 'a'
  for (int k = 0; k < n; ++k) {
    s += a[i];
    // CHECK: reused-load.cu:[[@LINE-1]]:10: remark: coalesced global load from 'a'
    o[i + k * 64] = s;
    // CHECK: reused-load.cu:[[@LINE-1]]:5: remark: coalesced global store to 'o'
  }
}

void launch(float *a, float *b, float *o, int n) {
  read_twice<<<64, 256>>>(a, o);
  read_in_condition<<<64, 256>>>(a, o);
  stored_then_read<<<64, 256>>>(a, o);
  read_across_barrier<<<64, 256>>>(a, o);
  read_after_other_store<<<64, 256>>>(a, b, o);
  read_each_trip<<<64, 256>>>(a, o, n);
  read_each_trip_after_store<<<64, 256>>>(a, o, n);
}
