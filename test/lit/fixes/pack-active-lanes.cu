// A guard that idles every second lane leaves the active lanes' elements 8
// bytes apart: the warp fetches the idle lanes' sectors too. Packing the
// elements the active lanes use costs the ideal for 16 lanes; the packed
// version below is analysed to check that prediction.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s | %filecheck %s
__global__ void even_lanes(const float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2 == 0)
    o[i] = a[i];
  // CHECK: pack-active-lanes.cu:[[@LINE-1]]:12: warning: strided global load from 'a': 4 sectors/request where 2 would do
  // CHECK: note: fix (pack-active-lanes): the guard leaves lanes idle between active ones{{.*}}; after the fix: 2 sectors/request, 2x fewer
  // The store writes the same 16 lanes 8 bytes apart.
  // CHECK: pack-active-lanes.cu:[[@LINE-4]]:5: warning: strided global store to 'o': 4 sectors/request where 2 would do (50% efficiency)
}
__global__ void even_lanes_packed(const float *packed, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2 == 0)
    o[i] = packed[i / 2];
  // CHECK: pack-active-lanes.cu:[[@LINE-1]]:12: remark: coalesced global load from 'packed': 2 sectors/request
  // CHECK: pack-active-lanes.cu:[[@LINE-2]]:5: warning: strided global store to 'o': 4 sectors/request where 2 would do (50% efficiency)
}
void launch(const float *a, float *o) {
  even_lanes<<<256, 256>>>(a, o);
  even_lanes_packed<<<256, 256>>>(a, o);
}
