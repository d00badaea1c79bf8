// Flag-only compatibility shim for llm.c's host code under CUDA 13 (used with `-include`, by
// tools/real-code/sass-coverage.py runs documented in docs/real-code.md; no llm.c line changes).
// CUDA 13 removed cudaMemAdvise(const void*, size_t, cudaMemoryAdvise, int device); llm.c's
// llmc/cuda_utils.cuh still calls it with cudaCpuDeviceId. This overload forwards to the
// cudaMemLocation form. Host code only: it changes no kernel.
#pragma once
#include <cuda_runtime_api.h>
static inline cudaError_t cudaMemAdvise(const void* ptr, size_t count, enum cudaMemoryAdvise advice, int device) {
    struct cudaMemLocation loc;
    loc.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    loc.id = device == cudaCpuDeviceId ? 0 : device;
    return cudaMemAdvise(ptr, count, advice, loc);
}
