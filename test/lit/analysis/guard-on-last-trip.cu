// `if (k < nz - 1)` in a loop of nz trips, nz not known here: every lane of
// a warp runs the guarded load or none, but nvcc may predicate it, and a
// warp that issues it with no lane on in the last trip lowers the average
// (runtime-bench 43_soundness last_plane: 3 sectors per request measured on
// an H100 for 4 per request of the trips that load). The count is the range
// from none to the 4 sectors of 32 contiguous floats.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void last_plane(const float *a, float *o, int nx, int nz) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < nz; k++) {
    if (k < nz - 1)
      s += a[(k + 1) * nx + i];
    // CHECK: guard-on-last-trip.cu:[[@LINE-1]]:12: remark: coalesced global load from 'a': 0 to 4 sectors/request (ideal 4; values not known here decide which lanes run)
  }
  o[i] = s;
}
void launch(const float *a, float *o, int nz) {
  last_plane<<<64, 256>>>(a, o, 16384, nz);
}
