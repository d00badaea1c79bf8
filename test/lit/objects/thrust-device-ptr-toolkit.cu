// thrust::device_ptr from the toolkit's own headers: its operators live in
// base classes (iterator_facade, thrust::reference) inside CCCL's inline ABI
// namespace, and are reached through implicit casts to those bases; the
// loads and stores through them are found as through the stand-ins of the
// other thrust-*.cu tests, and as through a `float *`.
// REQUIRES: cuda-toolkit
// RUN: not %cc --show-all %s | %filecheck %s
#include <thrust/device_ptr.h>

__global__ void gather(thrust::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // 4-byte floats, lane l at element 2l: 32 lanes 8 bytes apart span 256
  // bytes, 8 sectors, where the 128 bytes they use fill 4.
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-3]]:12: warning: strided global load from 'in': 8 sectors/request where 4 would do
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-4]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
__global__ void fill(thrust::device_ptr<float> out, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[4 * i] = v;
  // device_reference's operator=: lanes 16 bytes apart, 512 bytes, 16
  // sectors where 4 would do.
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-3]]:3: warning: strided global store to 'out': 16 sectors/request where 4 would do
}
__global__ void copy(thrust::device_ptr<const float> in,
                     thrust::device_ptr<float> out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // One element assigned to another: 32 consecutive floats each, 4 sectors;
  // the load first.
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-3]]:12: remark: coalesced global load from 'in': 4 sectors/request (ideal 4)
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-4]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
__global__ void accumulate(thrust::device_ptr<float> acc, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  acc[2 * i] += in[i];
  // thrust::reference's operator+=: acc[2 * i] loaded and stored, lanes 8
  // bytes apart, 8 sectors where 4; in[i] read first, 4 sectors.
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-3]]:17: remark: coalesced global load from 'in': 4 sectors/request (ideal 4)
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-4]]:3: warning: strided global load from 'acc': 8 sectors/request where 4 would do
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-5]]:3: warning: strided global store to 'acc': 8 sectors/request where 4 would do
}
__global__ void count(thrust::device_ptr<int> c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ++c[4 * i];
  // thrust::reference's operator++: c[4 * i] loaded and stored, 4-byte ints
  // 16 bytes apart, 512 bytes, 16 sectors where 4 would do.
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-3]]:5: warning: strided global load from 'c': 16 sectors/request where 4 would do
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-4]]:5: warning: strided global store to 'c': 16 sectors/request where 4 would do
}
__global__ void shifted(thrust::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = *(in + i + 1);
  // iterator_facade's operator+ and operator*: lane l reads float l + 1,
  // bytes 4 to 131, 5 sectors where 4 would do.
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-3]]:12: warning: misaligned global load from 'in': 5 sectors/request where 4 would do
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-4]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
__global__ void raw(thrust::device_ptr<float> in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  thrust::device_ptr<float> p = in;
  p += 2;
  out[i] = p.get()[i] + thrust::raw_pointer_cast(in)[8 * i];
  // p.get() is in + 2: bytes 8 to 135, 5 sectors. raw_pointer_cast(in)
  // [8 * i]: lanes 32 bytes apart, a sector each, 32 where 4 would do.
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-3]]:12: warning: misaligned global load from 'in': 5 sectors/request where 4 would do
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-4]]:25: warning: strided global load from 'in': 32 sectors/request where 4 would do
  // CHECK: thrust-device-ptr-toolkit.cu:[[@LINE-5]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
}
int main() {
  thrust::device_ptr<float> a;
  float *b = nullptr;
  gather<<<64, 256>>>(a, b);
  fill<<<64, 256>>>(a, 1.0f);
  copy<<<64, 256>>>(a, a);
  accumulate<<<64, 256>>>(a, b);
  thrust::device_ptr<int> c;
  count<<<64, 256>>>(c);
  shifted<<<64, 256>>>(a, b);
  raw<<<64, 256>>>(a, b);
}
