// A local struct assigned as a whole (`uint4 mine; mine = *(uint4 *)p;`)
// varies as the value assigned: loaded per lane, its fields are per-lane
// data, not one address for the warp (Parboil's mri-gridding splitRearrange:
// 17.4 sectors per request measured on an H100 where "uniform, 1" was
// predicted). Assigned from a kernel argument, it stays the same in every
// lane.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
struct Pair { unsigned a, b; };
__global__ void rearrange(const unsigned *keys, unsigned *out, Pair given) {
  int index = blockIdx.x * 1024 + 4 * threadIdx.x;
  uint4 mine;
  mine = *((const uint4 *)(keys + index));
  out[mine.x & 1023] = 1;
  // CHECK: object-assigned-whole.cu:[[@LINE-1]]:3: warning: scattered global store to 'out': 1 to 32 sectors/request where 4 would do (the addresses are data)
  Pair same;
  same = given;
  out[same.a] = 2;
  // CHECK: object-assigned-whole.cu:[[@LINE-1]]:3: remark: uniform global store to 'out': 1 sectors/request
}
void launch(const unsigned *k, unsigned *o, Pair g) { rearrange<<<4, 256>>>(k, o, g); }
