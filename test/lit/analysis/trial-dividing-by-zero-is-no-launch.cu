// Unknowns are tried at small values, zero among them. Under a value that
// makes a lane divide by zero the kernel's own arithmetic is undefined: no
// launch makes it, and its walk says nothing of the count. It used to spoil
// every other trial: ggml's flash-attention kernels divide by
// `ne02 / ne12` and by tile counts of unknown extents, and their Q, dst and
// KV_max accesses were "unknown, 1 to 32 sectors" (the address of some lanes
// could not be evaluated) where the other values give one pattern.
// RUN: %cc --show-all %s | %filecheck %s

__global__ void rows_by_ratio(const float *q, float *out, int heads,
                              int groups) {
  int ratio = heads / groups;
  int row = blockIdx.x / ratio;
  out[row * 1024 + threadIdx.x] = q[row * 1024 + threadIdx.x];
  // CHECK: :[[@LINE-1]]:35: remark: coalesced global load from 'q': 4 sectors/request (ideal 4)
  // CHECK: note: values of heads, groups under which a lane divides by zero or its address passes 64 bits left out: no launch makes them
  // CHECK: :[[@LINE-3]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}

// A lane that divides by zero under every value tried leaves the address
// unknown, whatever the other lanes give.
__global__ void by_lane(const float *in, float *out, int n) {
  out[threadIdx.x] = in[n / (threadIdx.x % 2)];
  // CHECK: :[[@LINE-1]]:22: remark: global load from 'in': pattern unknown (the address of some active lanes could not be evaluated (a division by zero or a value past 64 bits))
  // CHECK: :[[@LINE-2]]:3: remark: coalesced global store to 'out'
}
