// Host and device helpers shared by the coarsened/hierarchical (6, 7) and warp-shuffle (10) CUDA
// scans: dynamic shared memory, finding the CPU model's buffers and steps by name, and the event
// buffer a teach-mode launch records into (trace_recording.cuh).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/error.h"
#include "../common/trace.h"
#include "../common/trace_recording.cuh"
#include "../common/trace_download.cuh"

namespace ws::scan::cuda_support {

// The block's dynamic shared memory as an array of T.
template <class T>
__device__ T* dynamic_shared() {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  return reinterpret_cast<T*>(shared_bytes);
}

// Lets `kernel` use `bytes` of dynamic shared memory (above 48 KiB needs an opt-in), or throws
// ws::Error naming the section that does not fit.
inline void allow_dynamic_shared(const void* kernel, size_t bytes, const std::string& what) {
  constexpr size_t kDefaultLimit = 48 * 1024;
  if (bytes <= kDefaultLimit) return;
  int device = 0, optin = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  WS_REQUIRE(bytes <= size_t(optin), what + " needs " + std::to_string(bytes) +
                                         " bytes of shared memory per block, more than the " +
                                         std::to_string(optin) + " the device allows");
  WS_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     static_cast<int>(bytes)));
}

inline int16_t trace_buffer(const Trace& trace, const std::string& name) {
  for (size_t i = 0; i < trace.buffers.size(); ++i)
    if (trace.buffers[i].name == name) return static_cast<int16_t>(i);
  throw Error("the scan trace has no buffer '" + name + "'");
}

using ws::kAbsentStep;

// The step with this label; `kAbsentStep` when there is none (a phase the launch does not have:
// an event recorded there would land far out of range and be reported).
inline int32_t trace_step(const Trace& trace, const std::string& label) {
  for (size_t i = 0; i < trace.steps.size(); ++i)
    if (trace.steps[i].label == label) return static_cast<int32_t>(i);
  return kAbsentStep;
}

// The device event buffer of one teach run, sized from the CPU model's event count; `data_bytes`
// of the run's own data are needed besides.
class TeachRecording : public ws::TraceRecording<DeviceTrace> {
 public:
  TeachRecording(const Trace& model, size_t data_bytes)
      : ws::TraceRecording<DeviceTrace>(model, data_bytes, "a teach-mode scan trace") {}
};

}  // namespace ws::scan::cuda_support
