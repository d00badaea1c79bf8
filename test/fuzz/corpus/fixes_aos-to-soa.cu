// Two of eight fields read from an array of 32-byte structs: split them out.
struct Particle { float x, y, z, vx, vy, vz, mass, charge; };
__global__ void drift(const Particle *p, float *out, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x + p[i].vx * dt;
}
__global__ void drift_soa(const float *x, const float *vx, float *out, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[i] + vx[i] * dt;
}
void launch(const Particle *p, const float *x, const float *vx, float *o) {
  drift<<<256, 256>>>(p, o, 0.1f);
  drift_soa<<<256, 256>>>(x, vx, o, 0.1f);
}
