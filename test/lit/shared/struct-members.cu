// Members of structs in shared memory: a 12-byte stride spreads over the
// banks, an 8-byte one puts two lanes in each. Measured on an H200
// (38_shared_banks2 sh_struct): p[t].y 1 wavefront, q[t].x 2.
// RUN: not %cc --show-all %s | %filecheck %s
struct P3 { float x, y, z; };
struct P2 { float x, y; };
__global__ void members(float *out, const float *in) {
  __shared__ P3 p[256];
  __shared__ P2 q[256];
  int t = threadIdx.x;
  float v = in[blockIdx.x * 256 + t];
  p[t].y = v;
  q[t].x = v;
  // CHECK: struct-members.cu:[[@LINE-1]]:3: warning: bank-conflict shared store to 'q': 2 wavefronts/request where 1 would do
  __syncthreads();
  float a = p[t].y;
  // CHECK: struct-members.cu:[[@LINE-1]]:13: remark: conflict-free shared load from 'p': 1 wavefronts/request (ideal 1)
  float b = q[t].x;
  // CHECK: struct-members.cu:[[@LINE-1]]:13: warning: bank-conflict shared load from 'q': 2 wavefronts/request where 1 would do
  out[blockIdx.x * 256 + t] = a + b;
}
void launch(float *out, const float *in) { members<<<1024, 256>>>(out, in); }
