// Programmatic dependent launch (compute capability 9.0 and above): a kernel launched as the
// dependent of the one before it in the stream may start while that one still runs: its blocks
// are placed as soon as every block of the one before has called let_the_next_launch_start(), and
// wait_for_the_launch_before() waits for that launch to finish and its writes to be visible.
// Elsewhere both are no-ops and the launches run one after the other as usual. What it saves is
// the gap between two short launches (their launch latency and tail): a few microseconds each.
#pragma once

#include <cuda_runtime.h>

#include <utility>

#include "cuda_check.cuh"

namespace ws {

__device__ __forceinline__ void let_the_next_launch_start() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;");
#endif
}
__device__ __forceinline__ void wait_for_the_launch_before() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// Whether the current device takes dependent launches (compute capability 9.0 and above).
inline bool dependent_launches() {
  int device = 0, major = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  return major >= 9;
}

// kernel<<<grid, block, shared, stream>>>(args...), as a dependent of the launch before it when
// `dependent` and the device takes it. The kernel must call wait_for_the_launch_before() before
// it reads what that launch wrote.
template <class... Params, class... Args>
void launch_maybe_dependent(void (*kernel)(Params...), dim3 grid, dim3 block, size_t shared,
                            cudaStream_t stream, bool dependent, Args&&... args) {
  cudaLaunchAttribute overlap[1];
  overlap[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  overlap[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = shared;
  config.stream = stream;
  config.attrs = overlap;
  config.numAttrs = dependent && dependent_launches() ? 1 : 0;
  WS_CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...));
  WS_CUDA_CHECK_LAUNCH();  // with WARPSCOPE_CUDA_DEBUG_SYNC: waits, so a fault names its launch
}

}  // namespace ws
