// A pointer stepped in a loop through a cast to another element type moves
// by elements of that type: the pitched-row idiom `row = (const float *)((const
// char *)row + pitch)` moves `pitch` bytes a trip, a float4 step 16 bytes.
// Before, neither was an induction: the address was taken as the same on
// every trip (and its load as hoisted out of the loop).
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void pitched(const float *img, const float *vec, float *out,
                        size_t pitch, int rows) {
  const float *row = img;
  const float *q = vec;
  float s = 0;
  // pitch = 1040: 128 bytes from 1040*t, which is 16 bytes into a sector on
  // odd trips: 4 sectors on the 4 even trips of 8, 5 on the odd, 4.5.
  for (int r = 0; r < rows; ++r) {
    s += row[threadIdx.x];
    // CHECK: pointer-bump-through-cast.cu:[[@LINE-1]]:10: warning: misaligned global load from 'img': 4.5 sectors/request where 4 would do
    // CHECK: byte offset pitch*iter(r) + 4*threadIdx.x
    row = (const float *)((const char *)row + pitch);
  }
  // Two float4s are 32 bytes: 128 bytes from 32*t, 4 sectors.
  for (int r = 0; r < rows; ++r) {
    s += q[threadIdx.x];
    // CHECK: pointer-bump-through-cast.cu:[[@LINE-1]]:10: remark: coalesced global load from 'vec': 4 sectors/request (ideal 4)
    // CHECK: byte offset 32*iter(r) + 4*threadIdx.x
    q = reinterpret_cast<const float *>(reinterpret_cast<const float4 *>(q) + 2);
  }
  out[threadIdx.x] = s;
  // CHECK: pointer-bump-through-cast.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out'
}
void launch(const float *img, const float *vec, float *out) {
  pitched<<<1, 32>>>(img, vec, out, 1040, 8);
}
