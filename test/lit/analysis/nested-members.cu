// Nested struct members take their offsets from the record layout.
// RUN: not %cc %s | %filecheck %s
struct Vec { float x, y; };
struct Body { Vec pos; Vec vel; float mass; int id; };  // 24 bytes
__global__ void velocities(const Body *b, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = b[t].vel.y;
  // CHECK: nested-members.cu:[[@LINE-1]]:10: warning: strided global load from 'b': 24 sectors/request where 4 would do (16.7% efficiency)
  // CHECK: byte offset 24*blockIdx.x*blockDim.x + 24*threadIdx.x + 12
}
void launch(const Body *b, float *o) { velocities<<<64, 256>>>(b, o); }
