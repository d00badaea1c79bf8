// A shift by 32 or more bits clamps on the GPU (every bit shifted out):
// Parboil's CONFLICT_FREE_OFFSET(x), `(x >> (4 + x)) >> 8` by precedence, is
// always 0, so the lanes stay 128 bytes apart: a 32-way conflict, not a
// count of the lanes whose shift could not be evaluated.
// RUN: not %cc %s | %filecheck %s
#define CONFLICT_FREE_OFFSET(n) ((n) >> 4 + (n) >> 8)
__global__ void scan(float *out) {
  __shared__ float s[32 * 256 + 64];
  int x = 32 * threadIdx.x;
  s[x + CONFLICT_FREE_OFFSET(x)] = 1.0f;
  // CHECK: shift-past-width.cu:[[@LINE-1]]:3: warning: bank-conflict shared store to 's': 32 wavefronts/request where 1 would do (32-way bank conflict)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
void go(float *out) { scan<<<1, 256>>>(out); }
