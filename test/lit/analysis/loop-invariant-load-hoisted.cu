// A load whose address the loop does not change, in a loop that writes no
// memory, is loaded once before the loop (LLVM's LICM), and nvcc gives it
// the loop's line: llm.c's softmax_autoregressive_backward_kernel1 reads
// att_bth[t3] so, measured under its `for` on an H200. Here 32 warps issue
// att[t] once each: 32 requests, not 32 per trip of the 1024.
// RUN: %python %inputs/exit-code.py 0 %cc --format=json %s > %t.json
// RUN: FileCheck %s < %t.json
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | FileCheck %s --check-prefix=TEXT
__global__ void weighted_column(const float *att, float *out, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int t2 = 0; t2 < T; t2++)
    s += att[t2 * T + t] * att[t];
  // CHECK:      "expression": "att[t2 * T + t]",
  // CHECK:      "requests_per_launch": 32768,
  // CHECK:      "expression": "att[t]",
  // CHECK:      "requests_per_launch": 32,
  // CHECK:      "also_filed_under": [
  // CHECK-NEXT:   [[#@LINE-7]]
  // TEXT: loop-invariant-load-hoisted.cu:[[@LINE-7]]:28: remark: coalesced global load from 'att': 4 sectors/request
  // TEXT: note: nvcc loads it once before the loop at line [[#@LINE-9]], whose trips do not change its address
  out[t] = s;
}

// A store in the loop may change what the address holds: loaded every trip.
__global__ void accumulate(const float *att, float *out, int T) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int t2 = 0; t2 < T; t2++)
    out[t2 * T + t] = att[t2 * T + t] * att[t];
  // CHECK:      "expression": "att[t]",
  // CHECK:      "requests_per_launch": 32768,
  // CHECK-NOT:  "also_filed_under"
}

void launch(const float *a, float *o) {
  weighted_column<<<4, 256>>>(a, o, 1024);
  accumulate<<<4, 256>>>(a, o, 1024);
}
