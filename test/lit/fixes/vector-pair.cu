// Two adjacent scalar loads of a thread, x[i + 0] and x[i + 1], lanes two
// floats apart (ggml's rope, the lanes along y): each is strided, 8
// sectors where 4 would do; one float2 load of the pair is one request at
// its ideal, offered to both with its own prediction. The thread-mapping
// fix names the axis the lanes run along and never predicts less than the
// ideal.
// RUN: not %cc %s | FileCheck %s --implicit-check-not='after the fix: 1 sector'
__global__ void rotate(const float *x, float *dst) {
  int i = 2 * (blockIdx.y * blockDim.y + threadIdx.y);
  const float x0 = x[i + 0];
  // CHECK: vector-pair.cu:[[@LINE-1]]:20: warning: strided global load from 'x': 8 sectors/request where 4 would do
  // CHECK: note: fix (thread-mapping): consecutive lanes are 8 bytes apart: {{.*}}; after the fix: 4 sectors/request, 2x fewer
  // CHECK: note: fix (vector-load): the thread accesses 2 adjacent elements of 'x', this one among them, one scalar access each: one float2 access of them (the address must be 8-byte aligned) is one request of 8 sectors instead of 2 of 8; after the fix: 8 sectors/request for the 2 elements
  const float x1 = x[i + 1];
  // CHECK: vector-pair.cu:[[@LINE-1]]:20: warning: strided global load from 'x': 8 sectors/request where 4 would do
  // CHECK: note: fix (vector-load): the thread accesses 2 adjacent elements of 'x', this one among them
  dst[i / 2] = x0 * x1;
}
void go(const float *x, float *dst) { rotate<<<dim3(1, 64), dim3(1, 256)>>>(x, dst); }
