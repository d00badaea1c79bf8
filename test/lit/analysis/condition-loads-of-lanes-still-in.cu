// A loop whose condition reads per-lane data: lanes leave at trips of their
// own, and the condition's own loads run for the lanes still in, which the
// data decides (contract point 4: the pattern kept, the all-lanes count
// the most). HeCBench bonds' `while (date > bond[b].startDate)`, each
// lane's date moved back six months a trip: 20.38 sectors measured on an
// H100, 32 to 36 given for every lane at every trip before.
// RUN: not %cc --show-all %s | %filecheck %s
struct Date {
  int day, month, year, serial;
};
struct Bond {
  Date start, maturity;
  int coupons;
};
__device__ Date advance(Date d, int months) {
  d.serial += 30 * months;
  d.month += months;
  return d;
}
__global__ void bonds(const Bond *bond, int *out, int n) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b < n) {
    int flows = 0;
    Date cur = bond[b].maturity;
    // CHECK: still-in.cu:[[@LINE-1]]:16: warning: strided global load from 'bond': 32 sectors/request where 4 would do
    while (cur.serial > bond[b].start.serial) {
      // CHECK: still-in.cu:[[@LINE-1]]:25: warning: strided global load from 'bond': 1 to 32 sectors/request where 4 would do (data decides which lanes run)
      flows++;
      cur = advance(cur, -6);
    }
    out[b] = flows;
  }
}
void go(const Bond *bo, int *o) { bonds<<<1024, 256>>>(bo, o, 262144); }
