// The few NPP declarations the baselines need (nppdefs.h, NPP 10.1 and later): the toolkit here
// ships no NPP headers and warpscope runs without NPP, so libnpp* is loaded at run time
// (cuda_library.h) and these stand in for the header's types.
#pragma once

#include <cuda_runtime.h>

#include "cuda_check.cuh"

namespace ws::npp {

struct NppiSize {
  int width, height;
};
struct NppiPoint {
  int x, y;
};
struct NppStreamContext {
  cudaStream_t hStream;
  int nCudaDeviceId;
  int nMultiProcessorCount;
  int nMaxThreadsPerMultiProcessor;
  int nMaxThreadsPerBlock;
  size_t nSharedMemPerBlock;
  int nCudaDevAttrComputeCapabilityMajor;
  int nCudaDevAttrComputeCapabilityMinor;
  unsigned int nStreamFlags;
  int nReserved0;
};

// The context of the default stream on the current device.
inline NppStreamContext stream_context() {
  NppStreamContext ctx = {};
  int device = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop;
  WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  ctx.hStream = 0;
  ctx.nCudaDeviceId = device;
  ctx.nMultiProcessorCount = prop.multiProcessorCount;
  ctx.nMaxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
  ctx.nMaxThreadsPerBlock = prop.maxThreadsPerBlock;
  ctx.nSharedMemPerBlock = prop.sharedMemPerBlock;
  ctx.nCudaDevAttrComputeCapabilityMajor = prop.major;
  ctx.nCudaDevAttrComputeCapabilityMinor = prop.minor;
  unsigned int flags = 0;
  WS_CUDA_CHECK(cudaStreamGetFlags(0, &flags));
  ctx.nStreamFlags = flags;
  return ctx;
}

}  // namespace ws::npp
