// reinterpret_cast to a vector type widens each lane's access.
__global__ void vec(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(a)[t];
  double2 w = reinterpret_cast<const double2 *>(a)[t];
  float2 u = ((const float2 *)a)[t];
  o[t] = v.x + (float)w.x + u.y;
}
void launch(const float *a, float *o) { vec<<<64, 256>>>(a, o); }
