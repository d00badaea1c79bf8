// Theme: particle position update, N = 1<<20 particles, 256-thread blocks.
// AoS: 24-byte struct of six floats. SoA: six float arrays. AoS16: __align__(16) float4 pos/vel.
// Part of cuda-coalesce runtime-bench: one global access per source line; see ../README.md.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <random>
#include "bench.h"

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t err_ = (x);                                                   \
    if (err_ != cudaSuccess) {                                                \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,              \
              cudaGetErrorString(err_));                                      \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

// Fills a buffer with non-zero data. Not measured (ncu skips init_*).
__global__ void init_f32(float* p, long n, float base) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long stride = (long)blockDim.x * gridDim.x;
  for (; i < n; i += stride)
    p[i] = base + (float)(i % 97) * 0.01f;
}


struct Particle { float x, y, z, vx, vy, vz; };
struct __align__(16) Particle16 { float4 pos; float4 vel; };

__global__ void update_aos(Particle* p) {
  const float dt = 0.01f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = p[i].x;
  float y = p[i].y;
  float z = p[i].z;
  float vx = p[i].vx;
  float vy = p[i].vy;
  float vz = p[i].vz;
  p[i].x = x + vx * dt;
  p[i].y = y + vy * dt;
  p[i].z = z + vz * dt;
}

__global__ void update_soa(float* px, float* py, float* pz,
                           const float* vx, const float* vy, const float* vz) {
  const float dt = 0.01f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = px[i];
  float y = py[i];
  float z = pz[i];
  float ux = vx[i];
  float uy = vy[i];
  float uz = vz[i];
  px[i] = x + ux * dt;
  py[i] = y + uy * dt;
  pz[i] = z + uz * dt;
}

__global__ void update_aos16(Particle16* p) {
  const float dt = 0.01f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 pos = p[i].pos;
  float4 vel = p[i].vel;
  pos.x += vel.x * dt;
  pos.y += vel.y * dt;
  pos.z += vel.z * dt;
  p[i].pos = pos;
}



int main() {
  const int N = 1 << 20;
  float* buf;  // 8 floats per particle: enough for every layout
  CHECK(cudaMalloc(&buf, 8L * N * sizeof(float)));
  init_f32<<<1024, 256>>>(buf, 8L * N, 1.0f);
  CHECK(cudaGetLastError());
  BENCH(36.0 * N, update_aos<<<N / 256, 256>>>((Particle*)buf));
  CHECK(cudaGetLastError());
  BENCH(36.0 * N, update_soa<<<N / 256, 256>>>(buf, buf + N, buf + 2L * N, buf + 3L * N, buf + 4L * N, buf + 5L * N));
  CHECK(cudaGetLastError());
  BENCH(36.0 * N, update_aos16<<<N / 256, 256>>>((Particle16*)buf));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(buf));
  printf("16_particles ok\n");
  return 0;
}
