// Each template instantiation is analysed on its own: float and double
// elements give different sector counts for the same source line, shown
// as one diagnostic that names the other instance.
// RUN: %cc --show-all %s | %filecheck %s
template <typename T>
__global__ void scale(const T *in, T *out, T s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * s;
  // CHECK: template-instantiations.cu:[[@LINE-1]]:12: remark: coalesced global load from 'in': 4 sectors/request (ideal 4) [cuda-coalesce] (in kernel 'scale<float>')
  // CHECK: note: the same access in 1 other kernel instance, launch or call: 'scale<double>' (block (256,1,1) from the launch at {{.*}}template-instantiations.cu:[[@LINE+4]]:3): 8 sectors/request{{$}}
}
void launch(const float *f, float *g, const double *d, double *e) {
  scale<float><<<1024, 256>>>(f, g, 2.0f);
  scale<double><<<1024, 256>>>(d, e, 2.0);
}
