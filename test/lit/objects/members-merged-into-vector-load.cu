// The members of one __align__(16) struct (or float4) read one after the
// other, with no store between, are one 16-byte load: LLVM's load-store
// vectoriser in nvcc merges them (runtime-bench 33_fix_kinds.cu quad_fields
// measured one LDG.E.128 of 16 sectors/request on the .a line, on an H200).
// Through a `const float4 &` of a helper too. Two members of a float4 are
// one 8-byte load; three are one 16-byte load, its last 4 bytes unread
// (runtime-bench 49_vectorised_runs three_of_four: one LDG.E.128, on an
// H100).
// RUN: not %cc --show-all %s | %filecheck %s
struct __align__(16) Quad { float a, b, c, d; };
__device__ float sum4(const float4 &v) { return v.x + v.y + v.z + v.w; }
__global__ void members(const Quad *q, const float4 *f, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = q[i].a + q[i].b + q[i].c + q[i].d;
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-1]]:12: remark: coalesced global load from 'q': 16 sectors/request (ideal 16)
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-2]]:3: remark: coalesced global store to 'out'
  // The stored out[i] is held: no load of it (nvcc's GVN).
  out[i] += sum4(f[i]);
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-8]]:49: remark: coalesced global load from 'f': 16 sectors/request (ideal 16)
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-2]]:3: remark: coalesced global store to 'out'
  out[i] = f[i].x * f[i].y;
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-1]]:12: warning: strided global load from 'f': 16 sectors/request where 8 would do (50% efficiency)
  // CHECK: note: index blockIdx.x*blockDim.x + threadIdx.x ({{.*}}); byte offset 16*blockIdx.x*blockDim.x + 16*threadIdx.x
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-3]]:3: remark: coalesced global store to 'out'
  out[i] = f[i].x + f[i].y + f[i].z;
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-1]]:12: remark: coalesced global load from 'f': 16 sectors/request (ideal 16)
  // CHECK-NOT: members-merged-into-vector-load.cu:[[@LINE-2]]:30:
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-3]]:3: remark: coalesced global store to 'out'
  // x and z with y between unread: two loads (ptxas keeps a gap apart).
  out[i] = f[i].x * f[i].z;
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-1]]:12: warning: strided global load from 'f': 16 sectors/request where 4 would do (25% efficiency)
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-2]]:21: warning: strided global load from 'f': 16 sectors/request where 4 would do (25% efficiency)
  // CHECK: members-merged-into-vector-load.cu:[[@LINE-3]]:3: remark: coalesced global store to 'out'
}
void launch(const Quad *q, const float4 *f, float *o) {
  members<<<256, 256>>>(q, f, o);
}
