// A header whose only access is undecided (the lanes' addresses are data)
// is a finding with no sums: its row says n/a, not "0 wasted, 100%
// efficiency"; the totals say which accesses the sums are over.
// RUN: not %cc --format=markdown %s | FileCheck %s --match-full-lines
// RUN: not %cc --format=html %s | FileCheck %s --check-prefix=HTML
#include "Inputs/scatter-store.cuh"
__global__ void put(const int *idx, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  scatterStore(out, idx[t]);
}
void go(const int *idx, float *out) { put<<<64, 256>>>(idx, out); }
// CHECK:2 accesses, 1 finding (1 flagged instance); the 1 access with a definite count: 4 sectors/request where 4 would do (100% efficiency, 0 wasted); 1 undecided (the count depends on unknown values) not summed, in 2 kernel launches and 2 files.
// CHECK:| `{{.*}}scatter-store.cuh` | 1 | 1 | 1 | 1 | 1 | n/a | n/a | n/a | n/a |
// CHECK-NEXT:| `{{.*}}audit-undecided-header.cu` | 1 | 1 | 0 | 0 | 0 | 4 | 4 | 0 | 100% |
// HTML: <td><a href="#file-{{[0-9]+}}"><code>{{.*}}scatter-store.cuh</code></a></td><td class="n">1</td><td class="n">1</td><td class="n">1</td><td class="n">1</td><td class="n">1</td><td class="n">n/a</td><td class="n">n/a</td><td class="n">n/a</td><td class="n">n/a</td></tr>
