// The fields of a thread's own object hold what this thread stored there:
// a field set from the thread index is followed (also through a pointer to
// the object), one set from data loaded per lane or changed by a call the
// walk cannot enter is a per-lane value. Never one address for the warp.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all --format=json %s | %filecheck %s
struct Pair {
  int a;
  int b;
};
__device__ void shuffle_fields(Pair *p); // defined in another file

__global__ void fields(const int *idx, const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  Pair p;
  p.a = idx[t];
  p.b = threadIdx.x;
  // 32 lanes, 32 consecutive floats from a 256-byte aligned block: 4 sectors.
  float x = in[p.b];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK-NOT:  "pattern": "uniform",
  // CHECK:      "pattern": "coalesced",
  // CHECK-NEXT: "sectors_per_request": 4,
  // Any int per lane: 1 to 32 sectors.
  float y = in[p.a];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "pattern": "scattered",
  // CHECK:      "sectors_min": 1,
  // CHECK-NEXT: "sectors_max": 32,
  out[t] = x + y;
}

__global__ void through_pointer(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  Pair q;
  q.a = threadIdx.x;
  Pair *qp = &q;
  float x = in[qp->a];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK-NOT:  "pattern": "uniform",
  // CHECK:      "pattern": "coalesced",
  // CHECK-NEXT: "sectors_per_request": 4,
  Pair r;
  r.a = threadIdx.x;
  shuffle_fields(&r);
  float y = in[r.a];
  // CHECK:      "line": [[@LINE-1]],
  // CHECK:      "pattern": "scattered",
  // CHECK:      "sectors_min": 1,
  // CHECK-NEXT: "sectors_max": 32,
  out[t] = x + y;
}

void launch(const int *idx, const float *in, float *out) {
  fields<<<64, 256>>>(idx, in, out);
  through_pointer<<<64, 256>>>(in, out);
}
