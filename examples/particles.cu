// One Euler step of a particle system, array-of-structs and struct-of-arrays.
#include <cuda_runtime.h>

struct Particle {
  float x, y, z;
  float vx, vy, vz;
  float mass;
  int id;
};

// Array of structs: each field access walks 32-byte strides.
__global__ void step_aos(Particle *p, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].x += p[i].vx * dt;
    p[i].y += p[i].vy * dt;
    p[i].z += p[i].vz * dt;
  }
}

// Struct of arrays: every access is a contiguous row of floats.
struct Particles {
  float *x, *y, *z, *vx, *vy, *vz;
};

__global__ void step_soa(float *x, float *y, float *z, const float *vx,
                         const float *vy, const float *vz, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[i] += vx[i] * dt;
    y[i] += vy[i] * dt;
    z[i] += vz[i] * dt;
  }
}

int main() {
  const int n = 1 << 20;
  Particle *p;
  cudaMalloc(&p, n * sizeof(Particle));
  step_aos<<<(n + 255) / 256, 256>>>(p, n, 0.01f);
  Particles s;
  float **fields[] = {&s.x, &s.y, &s.z, &s.vx, &s.vy, &s.vz};
  for (float **f : fields)
    cudaMalloc(f, n * sizeof(float));
  step_soa<<<(n + 255) / 256, 256>>>(s.x, s.y, s.z, s.vx, s.vy, s.vz, n, 0.01f);
  cudaDeviceSynchronize();
  return 0;
}
