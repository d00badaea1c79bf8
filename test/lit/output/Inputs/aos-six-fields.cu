// Six fields of one 24-byte struct, each read by its own load.
struct Particle {
  float x, y, z, vx, vy, vz;
};

__global__ void drift(const Particle *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  // The loads below are the whole point; out[i] is coalesced.
  s += 1;
  s += 2;
  s += p[i].x + p[i].y + p[i].z +
       p[i].vx + p[i].vy + p[i].vz;
  out[i] = s;
}
void go(const Particle *p, float *o) { drift<<<64, 256>>>(p, o); }
