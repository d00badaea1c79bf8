// Every thread has a local array of its own: lanes that read the same
// element of it read as many values, one per thread. An index loaded per
// lane and kept in a local array (`nb[i] = idx[...]`, then `in[nb[i]]`)
// makes a gather, and so does an element written where the walk cannot
// place the store: scattered, never one address for the warp. Expected from
// first principles: the lanes' indices are any ints, so the warp's 32 float
// loads touch anything from 1 sector (all in one) to 32 (each its own).
// RUN: %python %inputs/exit-code.py 1 %cc --show-all --format=json %s | %filecheck %s
__global__ void neighbours(const int *idx, const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int nb[4];
  for (int i = 0; i < 4; i++)
    nb[i] = idx[4 * t + i];
  float acc = 0;
  for (int i = 0; i < 4; i++)
    acc += in[nb[i]];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "expression": "in[nb[i]]",
  // CHECK:      "pattern": "scattered",
  // CHECK:      "sectors_min": 1,
  // CHECK-NEXT: "sectors_max": 32,
  out[t] = acc;
}

__global__ void unplaced_store(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int slot[4] = {0, 0, 0, 0};
  slot[threadIdx.x % 4] = t;
  out[t] = in[slot[0]];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "expression": "in[slot[0]]",
  // CHECK-NOT:  "pattern": "uniform",
  // CHECK:      "pattern": "scattered",
  // CHECK:      "sectors_min": 1,
  // CHECK-NEXT: "sectors_max": 32,
}

void launch(const int *idx, const float *in, float *out) {
  neighbours<<<64, 256>>>(idx, in, out);
  unplaced_store<<<64, 256>>>(in, out);
}
