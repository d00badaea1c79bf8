// --format=markdown: the file totals, a table per kernel launch with one row
// per flagged access, and the warp picture of each. Rows worked out by hand:
// a[2 * t] puts lane k at byte 8k, 8 sectors for 128 bytes (4); a[t + 1]
// puts lane k at byte 4k + 4, 5 sectors for 4, lane 31 alone in the fifth.
// The two coalesced stores (4 each, o[t + 32] starts on a 128-byte boundary)
// are counted in the totals, not listed: 21 sectors where 16 would do.
// RUN: not %cc --format=markdown %s | %filecheck %s --match-full-lines --strict-whitespace
__global__ void k(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[2 * t];
  o[t + 32] = a[t + 1];
}
void launch(const float *a, float *o) { k<<<64, 256>>>(a, o); }

// CHECK:# cuda-coalesce audit report
// CHECK:4 accesses, 2 findings (2 flagged instances); 21 sectors/request where 16 would do (76.2% efficiency, 5 wasted), in 1 kernel launch and 1 file.
// CHECK:## Files, worst first
// CHECK:| file | kernel launches | accesses | findings | flagged instances | undecided | sectors/request | ideal | wasted | efficiency |
// CHECK-NEXT:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|
// CHECK-NEXT:| `{{.*}}markdown-table.cu` | 1 | 4 | 2 | 2 | 0 | 21 | 16 | 5 | 76.2% |
// CHECK-NEXT:| **all** | 1 | 4 | 2 | 2 | 0 | 21 | 16 | 5 | 76.2% |
// CHECK:### `k`: block (256,1,1) from the launch at {{.*}}markdown-table.cu:13:41
// CHECK:| line:col | kind | expression | pattern | sectors/request | ideal | efficiency | best fix (predicted) |
// CHECK-NEXT:|---|---|---|---|--:|--:|--:|---|
// CHECK-NEXT:| 10:10 | load | `a[2 * t]` | strided | 8 | 4 | 50% | thread-mapping: 4 sectors/request |
// CHECK-NEXT:| 11:15 | load | `a[t + 1]` | misaligned | 5 | 4 | 80% | {{[a-z-]+}}: 4 sectors/request |
// CHECK-EMPTY:
// CHECK-NEXT:#### 10:10 `a[2 * t]`
// CHECK:```text
// CHECK-NEXT:sector   bytes 0..31 of the sector          lanes
// CHECK-NEXT:+0       ####....####....####....####....   0-3
// CHECK-NEXT:+32      ####....####....####....####....   4-7
// CHECK:+224     ####....####....####....####....   28-31
// CHECK-NEXT:```
// CHECK:#### 11:15 `a[t + 1]`
// CHECK:```text
// CHECK-NEXT:sector   bytes 0..31 of the sector          lanes
// CHECK-NEXT:+0       ....############################   0-6
// CHECK-NEXT:+32      ################################   7-14
// CHECK-NEXT:+64      ################################   15-22
// CHECK-NEXT:+96      ################################   23-30
// CHECK-NEXT:+128     ####............................   31
// CHECK-NEXT:```
