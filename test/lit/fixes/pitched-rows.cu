// Rows of 1001 floats start at every 4-byte offset; padding each row to a
// pitch of 4096 bytes (cudaMallocPitch) aligns them.
// RUN: not %cc --show-all %s | FileCheck %s
__global__ void copy_rows(const float *a, float *o) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < 1001)
    o[y * 1001 + x] = a[y * 1001 + x];
  // CHECK: pitched-rows.cu:[[@LINE-1]]:23: warning: misaligned global load from 'a'
  // CHECK: note: fix (pitched-rows): rows are 4004 bytes, not a multiple of 32, so they start at varying alignment: allocate with cudaMallocPitch (or pad rows to 4096 bytes) and index rows by the pitch; after the fix: [[AFTER:[0-9.]+]] sectors/request
}
__global__ void copy_pitched(const float *a, float *o) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < 1001)
    o[y * 1024 + x] = a[y * 1024 + x];
  // CHECK: pitched-rows.cu:[[@LINE-1]]:23: remark: coalesced global load from 'a': [[AFTER]] sectors/request
}
void launch(const float *a, float *o) {
  copy_rows<<<dim3(4, 1000), 256>>>(a, o);
  copy_pitched<<<dim3(4, 1000), 256>>>(a, o);
}
