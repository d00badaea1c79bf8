// "No lane reaches" only where no lane runs under any value of the unknowns
// (docs/model.md, the contract, point 3). With n known only at run time,
// `i + 40 < n` lets no lane run for n <= 40 and the first lane at n = 41;
// the store's lanes are n floats apart, so from 1 sector (one lane) to 32
// (n >= 72: every lane runs, a sector each); the load of contiguous floats
// from 1 sector (one lane) to 4. A value of n under which no lane runs says
// nothing about the count.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void far(const float *a, float *o, int n) {
  int i = threadIdx.x;
  if (i + 40 < n)
    o[i * n] = a[i];
  // CHECK: no-lane-reaches-only-where-none-runs.cu:[[@LINE-1]]:16: remark: coalesced global load from 'a': 1 to 4 sectors/request (ideal 4; values not known here decide which lanes run)
  // CHECK: no-lane-reaches-only-where-none-runs.cu:[[@LINE-2]]:5: remark: global store to 'o' depends on values not known here: 1 to 32 sectors/request
  // CHECK-NOT: no lane
}
void launch(const float *a, float *o, int n) { far<<<64, 256>>>(a, o, n); }
