// Chained field assignments (`b.y = b.z = g.y = g.z = 1;`, Parboil lbm) set
// every field in the chain; a chain through a variable of another type does
// not, as the value could be converted on the way.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
__global__ void k(float *a) { a[threadIdx.x + 1] = 0; }
// With 120 threads: warps 0-2 touch 5 sectors, warp 3 (24 lanes, 96 bytes
// from byte 388) touches 4; the ideal is 4, 4, 4 and 3.
void chained(float *a) {
  dim3 b, g;
  b.x = 120;
  g.x = 8;
  b.y = b.z = g.y = g.z = 1;
  k<<<g, b>>>(a);
}
// The chain through `n` leaves b.y unknown; b.x = 120 is kept, and b.y
// takes the rest of 256 threads. The rows of the block write the same
// words: warp 3 holds lanes 96..119 of row 0 and 0..7 of row 1, 6 sectors,
// warp 7 the last 16 lanes, 3: 39/8; the ideal is 4 for full warps, 2 for
// warp 7: 30/8. The one diagnostic shows the worse launch.
// CHECK: dim3-chained-fields.cu:[[@LINE-15]]:31: warning: misaligned global store to 'a': 4.875 sectors/request where 3.75 would do
// CHECK: note: block (120,2,1) from the launch at {{.*}}dim3-chained-fields.cu:[[@LINE+7]]:3, whose extents not known there are assumed (blockDim.y = 2, for 256 threads)
// CHECK: note: the same access in 1 other kernel instance, launch or call: 'k' (block (120,1,1) from the launch at {{.*}}dim3-chained-fields.cu:[[@LINE-9]]:3): 4.75 sectors/request{{$}}
void through_int(float *a) {
  dim3 b;
  int n;
  b.x = 120;
  b.y = n = 2;
  k<<<8, b>>>(a);
}
