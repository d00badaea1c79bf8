// Nested struct members take their offsets from the record layout.
struct Vec { float x, y; };
struct Body { Vec pos; Vec vel; float mass; int id; };  // 24 bytes
__global__ void velocities(const Body *b, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = b[t].vel.y;
}
void launch(const Body *b, float *o) { velocities<<<64, 256>>>(b, o); }
