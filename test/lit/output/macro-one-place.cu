// The accesses of one macro's expansion share its place: each stays in the
// JSON (the run drops only what an earlier file reported), and the place is
// one finding, the same in the text, the JSON and the summary.
// RUN: %python %inputs/exit-code.py 1 %cc %s %inputs/coalesced.cu 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: not %cc --format=json %s %inputs/coalesced.cu 2>/dev/null | FileCheck %s --check-prefix=JSON
#define COPY_TWICE(o, a, t)                                                    \
  o[t] = a[t];                                                                 \
  o[8 * t] = a[t];

__global__ void twice(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  COPY_TWICE(o, a, t)
  // TEXT: macro-one-place.cu:[[@LINE-1]]:[[#]]: warning: strided global store to 'o': 32 sectors/request
}
void launch(const float *a, float *o) { twice<<<64, 256>>>(a, o); }
// TEXT-NOT: warning:
// TEXT: summary: 2 files, 2 analysed, 0 failed; {{.*}}; 1 finding (1 flagged instance)

// JSON: "kind": "store",
// JSON: "pattern": "coalesced",
// JSON: "kind": "store",
// JSON: "pattern": "strided",
// JSON: "findings": 1,
// JSON-NEXT: "flagged_instances": 1,
