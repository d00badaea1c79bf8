// A kernel templated on an enum of an inline namespace, as CUB's
// BlockScanAlgorithm is (HeCBench blockScan): Nsight Compute names the
// instance with every namespace and its integer arguments as casts,
// scan<(int)256, (char)65, (lib::V1_SM_90::Algo)1>. inline-enums.csv is
// enums.csv (the same code) with the kernel renamed.
namespace lib { inline namespace V1_SM_90 {
enum Algo { RAKING = 1, WARP_SCANS = 4 };
} } // namespace lib::V1_SM_90
template <int N, char C, lib::Algo S>
__global__ void scan(float *out, const float *in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[int(S) * t];
  out[t] = v;
}

void run(float *out, const float *in) {
  scan<256, 'A', lib::RAKING><<<4096, 256>>>(out, in);
  scan<256, 'A', lib::WARP_SCANS><<<4096, 256>>>(out, in);
}
