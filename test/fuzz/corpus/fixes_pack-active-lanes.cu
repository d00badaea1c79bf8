// A guard that idles every second lane leaves the active lanes' elements 8
// bytes apart: the warp fetches the idle lanes' sectors too. Packing the
// elements the active lanes use costs the ideal for 16 lanes; the packed
// version below is analysed to check that prediction.
__global__ void even_lanes(const float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2 == 0)
    o[i] = a[i];
}
__global__ void even_lanes_packed(const float *packed, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2 == 0)
    o[i] = packed[i / 2];
}
void launch(const float *a, float *o) {
  even_lanes<<<256, 256>>>(a, o);
  even_lanes_packed<<<256, 256>>>(a, o);
}
