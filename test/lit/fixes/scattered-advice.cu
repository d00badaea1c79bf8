// A data-dependent gather has no certain static fix: advice, with the cost
// of the best case (a warp's indices sorted and consecutive).
// RUN: not %cc --format=json %s | %filecheck %s
__global__ void gather(const float *a, const int *idx, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[idx[t]];
}
void launch(const float *a, const int *i, float *o) { gather<<<256, 256>>>(a, i, o); }
// CHECK: "expression": "a[idx[t]]",
// CHECK: "pattern": "scattered",
// CHECK: "fixes": [
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "scattered",
// CHECK-NEXT: "message": "data-dependent addresses: no static fix is certain; sort or bucket the indices{{.*}}",
// CHECK-NEXT: "predicted_sectors_per_request": 4,
// CHECK-NEXT: "replacements": []
