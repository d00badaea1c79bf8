// A guard on loaded data decides only which lanes run: it does not hide the
// lanes' shape (docs/model.md, the contract, point 4). Particles of 16 bytes
// read a float each: lanes 16 bytes apart, 16 sectors for 32 lanes where 4
// would do; with the data unknown, one lane's sector at the least.
// RUN: not %cc --show-all %s | %filecheck %s
struct Particle {
  float x, y, z;
  int alive;
};
__global__ void advance(Particle *p, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (!p[i].alive)
    // CHECK: guard-on-data-keeps-pattern.cu:[[@LINE-1]]:8: warning: strided global load from 'p': 16 sectors/request where 4 would do
    return;
  p[i].x += dt;
  // CHECK: guard-on-data-keeps-pattern.cu:[[@LINE-1]]:3: warning: strided global load from 'p': 1 to 16 sectors/request where 4 would do (data decides which lanes run)
  // CHECK: guard-on-data-keeps-pattern.cu:[[@LINE-2]]:3: warning: strided global store to 'p': 1 to 16 sectors/request where 4 would do (data decides which lanes run)
}
void launch(Particle *p) { advance<<<1024, 256>>>(p, 0.1f); }
