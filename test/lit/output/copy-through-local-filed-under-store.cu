// A struct loaded into a local whose one use is a whole store of it is a
// copy: nvcc makes it one load and one store, both filed under the store's
// line (PTX of CUDA 13's nvcc -O3: `ld.global.v4.u32` at the store's
// `.loc`; HeCBench fma's vector loads measured there on an H100). The load
// names that line in "also_filed_under". A local read field by field keeps
// its load on its own line.
// RUN: %cc --format=json --show-all %s > %t.json
// RUN: FileCheck %s < %t.json
__global__ void copy4(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = in[i];
  // CHECK:      "line": [[#@LINE-1]],
  // CHECK:      "kind": "load",
  // CHECK:      "also_filed_under": [
  // CHECK-NEXT:   [[#@LINE+3]]
  // CHECK-NEXT: ],
  // CHECK:      "line": [[#@LINE+1]],
  out[i] = v;
}

__global__ void sum4(const float4 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = in[i];
  // CHECK:      "line": [[#@LINE-1]],
  // CHECK:      "kind": "load",
  // CHECK-NOT:  "also_filed_under"
  // CHECK:      "kind": "store",
  out[i] = v.x + v.y + v.z + v.w;
}

void launch(const float4 *in, float4 *out, float *s) {
  copy4<<<64, 256>>>(in, out);
  sum4<<<64, 256>>>(in, s);
}
