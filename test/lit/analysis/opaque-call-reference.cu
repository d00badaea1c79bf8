// A local handed by non-const reference to a call the walk cannot enter
// may hold anything afterwards, per lane: what it held before is not what
// the load reads. Expected from first principles: any unsigned per lane,
// so the warp's 32 float loads from the 1024-entry table touch 1 to 32
// sectors (not the one sector of `table[0]`).
// RUN: %python %inputs/exit-code.py 1 %cc --show-all --format=json %s | %filecheck %s
__device__ void advance(unsigned &state); // defined in a library

__global__ void draw(const float *table, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned state = 0;
  advance(state);
  out[t] = table[state % 1024];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "expression": "table[state % 1024]",
  // CHECK:      "pattern": "scattered",
  // CHECK:      "sectors_min": 1,
  // CHECK-NEXT: "sectors_max": 32,
}

void launch(const float *table, float *out) { draw<<<64, 256>>>(table, out); }
