// p[t].x of a 32-byte struct: one sector per lane.
// RUN: not %cc %s | %filecheck %s
struct Particle { float x, y, z, vx, vy, vz, mass, charge; };
__global__ void xs(const Particle *p, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = p[t].x;
  // CHECK: struct-32-bytes.cu:[[@LINE-1]]:10: warning: strided global load from 'p': 32 sectors/request where 4 would do (12.5% efficiency)
  // CHECK: 128-byte segments per request: 8
}
void launch(const Particle *p, float *o) { xs<<<4096, 256>>>(p, o); }
