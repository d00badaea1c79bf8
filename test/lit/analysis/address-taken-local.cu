// A local whose address a helper takes (`lcg(&seed)`, a per-thread random
// stream) is followed through the pointer: what the helper stores is the
// variable's new value, per lane. Where the callee cannot be walked, the
// variable holds a per-lane value the walk does not follow: never one
// address for the warp.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all --format=json %s | %filecheck %s
__device__ unsigned lcg(unsigned *s) {
  *s = *s * 1664525u + 1013904223u;
  return *s;
}
__device__ unsigned next_random(unsigned *s); // defined in another file

// Expected by brute force over the launch's 512 warps (python: t = 32*w + l,
// s = (1664525*s + 1013904223) mod 2^32, sector = (s % 256) / 8, distinct
// sectors per warp): 27 for every warp after one draw, 21 after two.
__global__ void draws(const float *table, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned seed = t;
  float first = table[lcg(&seed) % 256];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "sectors_per_request": 27,
  // CHECK-NEXT: "sectors_min": 27,
  // CHECK-NEXT: "sectors_max": 27,
  float second = table[lcg(&seed) % 256];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "sectors_per_request": 21,
  // CHECK-NEXT: "sectors_min": 21,
  // CHECK-NEXT: "sectors_max": 21,
  out[t] = first + second;
}

// The value after a call the walk cannot enter is any unsigned per lane,
// read back from the thread's memory: a gather of 1 to 32 sectors.
__global__ void opaque_stream(const float *table, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned seed = t;
  next_random(&seed);
  out[t] = table[seed % 1024];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "expression": "table[seed % 1024]",
  // CHECK:      "pattern": "scattered",
  // CHECK:      "sectors_min": 1,
  // CHECK-NEXT: "sectors_max": 32,
}

void launch(const float *table, float *out) {
  draws<<<64, 256>>>(table, out);
  opaque_stream<<<64, 256>>>(table, out);
}
