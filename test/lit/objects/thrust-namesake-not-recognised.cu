// thrust's device_ptr and device_reference are known by their names in
// namespace thrust (thrust-device-ptr-subscript-load.cu): a class of the same
// name elsewhere, another library's or one in thrust::detail, is not taken for
// them, and what its calls do is not guessed. Only the store to `out` is an
// access of these kernels that the walk sees.
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not="global load"
// The look-alikes, declared twice: at global scope and in thrust::detail.
#define LOOK_ALIKES                                                            \
  template <typename T> class device_reference {                               \
  public:                                                                      \
    __host__ __device__ operator T() const;                                    \
  };                                                                           \
  template <typename T> class device_ptr {                                     \
  public:                                                                      \
    __host__ __device__ device_ptr();                                          \
    __host__ __device__ device_reference<T> operator[](long n) const;          \
                                                                               \
  private:                                                                     \
    T *pointer;                                                                \
  };
LOOK_ALIKES
namespace other {
using ::device_ptr;
} // namespace other
namespace thrust {
namespace detail {
LOOK_ALIKES
} // namespace detail
} // namespace thrust

__global__ void global_namesake(other::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // CHECK: thrust-namesake-not-recognised.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out'
}
__global__ void detail_namesake(thrust::detail::device_ptr<float> in,
                                float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // CHECK: thrust-namesake-not-recognised.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out'
}
int main() {
  device_ptr<float> a;
  thrust::detail::device_ptr<float> d;
  float *b = nullptr;
  global_namesake<<<64, 256>>>(a, b);
  detail_namesake<<<64, 256>>>(d, b);
}
