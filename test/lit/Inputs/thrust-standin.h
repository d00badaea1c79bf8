// A stand-in with thrust's names for device_ptr<T> and device_reference<T>,
// so that the tests of test/lit/objects/thrust-*.cu run without the toolkit
// too. Declarations only: like thrust's own code in the system headers,
// nothing of it is walked; the analyzer knows the classes by their names
// (namespace thrust, through CCCL's inline ABI namespace).
namespace thrust {
inline namespace THRUST_STANDIN_NS { // as thrust::THRUST_200700_..._NS
template <typename T> class device_reference {
public:
  __host__ __device__ operator T() const;
  __host__ __device__ device_reference &operator=(const T &value);
  __host__ __device__ device_reference &
  operator=(const device_reference &other);
  __host__ __device__ device_reference &operator+=(const T &value);
};
template <typename T> class device_ptr {
public:
  __host__ __device__ device_ptr();
  __host__ __device__ device_reference<T> operator*() const;
  __host__ __device__ device_reference<T> operator[](long n) const;
  __host__ __device__ device_ptr &operator+=(long n);
  __host__ __device__ device_ptr &operator++();
  __host__ __device__ T *get() const;

private:
  T *pointer;
};
template <typename T>
__host__ __device__ device_ptr<T> operator+(const device_ptr<T> &p, long n);
template <typename T> __host__ __device__ T *raw_pointer_cast(device_ptr<T> p);
} // namespace THRUST_STANDIN_NS
} // namespace thrust
