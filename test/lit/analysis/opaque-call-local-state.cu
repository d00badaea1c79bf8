// A call the walk cannot enter (a library's random generator, curand's
// pattern) that is handed a thread's own state object by its address may
// answer from what that object holds: per lane once the state was seeded
// per thread. Never one address for the warp. Expected from first
// principles: any unsigned per lane, so the warp's 32 float loads from the
// 1024-entry table touch 1 to 32 sectors.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all --format=json %s | %filecheck %s
struct RngState {
  unsigned d, v[5];
};
__device__ void rng_init(unsigned long long seed, unsigned long long sequence,
                         RngState *state); // defined in a library
__device__ unsigned rng_next(RngState *state);

__global__ void draw(const float *table, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  RngState state;
  rng_init(1234, t, &state);
  out[t] = table[rng_next(&state) % 1024];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "expression": "table[rng_next(&state) % 1024]",
  // CHECK:      "pattern": "scattered",
  // CHECK:      "sectors_min": 1,
  // CHECK-NEXT: "sectors_max": 32,
}

void launch(const float *table, float *out) { draw<<<64, 256>>>(table, out); }
