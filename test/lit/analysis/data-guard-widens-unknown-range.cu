// A count that is already a range over unknown sizes still has a guard on
// loaded data under it: fewer lanes run, down to none in a warp that
// issues the load predicated off. HeCBench d3q19-bgk (sixth batch, H100):
// `if (where & (1 << k)) fin[k] = f0[...]` measured 0.13 to 0.62 sectors a
// request, where 1 to 10 was given over the unknown sizes.
// RUN: %cc --show-all %s | %filecheck %s
struct Vars { double *f0; int *flags; };
__global__ void k(Vars v, double *out, int nx, int ny) {
  for (int y = blockIdx.y; y < ny; y += gridDim.y)
    for (int x = threadIdx.x + blockIdx.x * blockDim.x; x < nx;
         x += blockDim.x * gridDim.x) {
      double fin[2];
      int where = v.flags[y * nx + x];
      fin[0] = v.f0[y * nx + x];
      // CHECK-DAG: data-guard-widens-unknown-range.cu:[[@LINE-1]]:16: remark: global load depends on values not known here: 1 to 9 sectors/request where 8 would do
      fin[1] = 0;
      if (where & 2)
        fin[1] = v.f0[nx * ny + y * nx + x];
      // CHECK-DAG: data-guard-widens-unknown-range.cu:[[@LINE-1]]:18: remark: global load depends on values not known here: 0 to 9 sectors/request where 8 would do
      out[y * nx + x] = fin[0] + fin[1];
    }
}
void launch(Vars v, double *o, int nx, int ny, dim3 g) { k<<<g, 64>>>(v, o, nx, ny); }
