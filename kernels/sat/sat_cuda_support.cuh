// Device and host helpers shared by the summed-area-table kernels: the accumulation types, dynamic
// shared memory, and the event buffer of a teach run (its recorder, a DynamicBlockTrace, numbers
// threads by the single pass's dynamic tile index once set_block gives one). The flag loads and
// stores of the single pass are in ../common/device_flags.cuh.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_flags.cuh"
#include "../common/device_trace.cuh"
#include "../common/error.h"
#include "../common/trace.h"
#include "../common/trace_recording.cuh"
#include "sat.h"

namespace ws::sat::cuda_support {

// The sample and table types of an accumulation.
template <class InT, class TableT>
struct Types {
  using In = InT;
  using T = TableT;
};
template <class F>
decltype(auto) dispatch_accum(Accum a, F&& f) {
  switch (a) {
    case Accum::U8U32:
      return f(Types<uint8_t, uint32_t>{});
    case Accum::F32F32:
      return f(Types<float, float>{});
    case Accum::F32F64:
      return f(Types<float, double>{});
  }
  throw Error("unknown accumulation type " + std::to_string(int(a)));
}

// The block's dynamic shared memory as an array of T.
template <class T>
__device__ T* dynamic_shared() {
  extern __shared__ __align__(16) unsigned char sat_shared_bytes[];
  return reinterpret_cast<T*>(sat_shared_bytes);
}

// ---- Host side of a teach run.

inline int16_t buffer_named(const Trace& trace, const std::string& name) {
  for (size_t i = 0; i < trace.buffers.size(); ++i)
    if (trace.buffers[i].name == name) return static_cast<int16_t>(i);
  throw Error("the summed-area-table trace has no buffer '" + name + "'");
}

// The index of the `occurrence`-th run of steps marked `marker` (its first step), or kAbsentStep.
inline int32_t step_marked(const Trace& trace, const std::string& marker, int occurrence = 0) {
  int seen = -1;
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    const bool starts = trace.steps[i].code_marker == marker &&
                        (i == 0 || trace.steps[i - 1].code_marker != marker);
    if (starts && ++seen == occurrence) return static_cast<int32_t>(i);
  }
  return kAbsentStep;
}

// The event buffer of one teach run, sized from the CPU twin's trace; its recorders number the
// threads by a dynamic tile index once a kernel sets one (set_block).
class Recording : public TraceRecording<DynamicBlockTrace> {
 public:
  explicit Recording(const Trace& twin)
      : TraceRecording<DynamicBlockTrace>(twin, 0, "a teach-mode summed-area-table trace") {}
};

// The image on the device in the sample type, and the table.
template <class In, class T>
struct TeachImage {
  DeviceBuffer<In> in;
  DeviceBuffer<T> sat;
  explicit TeachImage(const Plane& p) : in(p.values.size()), sat(p.values.size()) {
    const std::vector<In> host(p.values.begin(), p.values.end());
    in.upload(host);
  }
  std::vector<double> table() const {
    const std::vector<T> t = sat.download();
    return std::vector<double>(t.begin(), t.end());
  }
};

// Fast launches: sizes 1..kMaxSide, device pointers present.
inline void check_launch(const char* what, const void* in, const void* out, int w, int h) {
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
    throw Error(std::string(what) + ": the image is " + std::to_string(w) + " x " +
                std::to_string(h) + "; each side must be 1.." + std::to_string(kMaxSide));
  if (in == nullptr || out == nullptr)
    throw Error(std::string(what) + ": the image and the table must be device pointers");
}

}  // namespace ws::sat::cuda_support
