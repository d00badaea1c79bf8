// Two of eight fields read from an array of 32-byte structs: split them out.
// RUN: not %cc --show-all %s | %filecheck %s
struct Particle { float x, y, z, vx, vy, vz, mass, charge; };
__global__ void drift(const Particle *p, float *out, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x + p[i].vx * dt;
  // CHECK: aos-to-soa.cu:[[@LINE-1]]:12: warning: strided global load from 'p': 32 sectors/request
  // CHECK: note: fix (aos-to-soa): 'Particle' is 32 bytes and this kernel uses x, vx: store the hot fields as separate arrays (struct of arrays), each lane then reads 4 contiguous bytes of 'x'; after the fix: 4 sectors/request, 8x fewer
  // CHECK: aos-to-soa.cu:[[@LINE-3]]:21: warning: strided global load from 'p': 32 sectors/request where 4 would do (12.5% efficiency)
}
__global__ void drift_soa(const float *x, const float *vx, float *out, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[i] + vx[i] * dt;
  // CHECK: aos-to-soa.cu:[[@LINE-1]]:12: remark: coalesced global load from 'x': 4 sectors/request
}
void launch(const Particle *p, const float *x, const float *vx, float *o) {
  drift<<<256, 256>>>(p, o, 0.1f);
  drift_soa<<<256, 256>>>(x, vx, o, 0.1f);
}
