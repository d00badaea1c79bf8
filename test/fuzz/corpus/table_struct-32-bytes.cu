// p[t].x of a 32-byte struct: one sector per lane.
struct Particle { float x, y, z, vx, vy, vz, mass, charge; };
__global__ void xs(const Particle *p, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = p[t].x;
}
void launch(const Particle *p, float *o) { xs<<<4096, 256>>>(p, o); }
