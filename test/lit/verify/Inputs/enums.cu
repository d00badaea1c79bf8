// A kernel templated on an enum: Nsight Compute names its instances
// estride<(bench::Stride)4>, the analyzer estride<bench::Stride::Four>.
// enums.csv is tstride's page of runtime-bench's 23_templates.cu (measured
// on an H200; the same code), renamed and renumbered for this kernel.
namespace bench {
enum class Stride { One = 1, Four = 4 };
}

template <bench::Stride S>
__global__ void estride(float *out, const float *in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[int(S) * t];
  out[t] = v;
}

void run(float *out, const float *in) {
  estride<bench::Stride::One><<<4096, 256>>>(out, in);
  estride<bench::Stride::Four><<<4096, 256>>>(out, in);
}
