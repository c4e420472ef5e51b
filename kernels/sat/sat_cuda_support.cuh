// Device and host helpers shared by the summed-area-table kernels: the accumulation types, the
// teach-mode recorder (a DeviceTrace whose block number a kernel can replace by its dynamic tile
// index), the event buffer of a teach run, and the flag loads and stores of the single pass.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/error.h"
#include "../common/trace.h"
#include "../common/trace_download.cuh"
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

// The teach-mode recorder: DeviceTrace with room for every buffer and phase of a SAT kernel, and
// the block number replaced by `block` when it is >= 0 (the single pass's dynamic tile index).
struct SatTrace {
  static constexpr bool kEnabled = true;
  static constexpr int kMaxBuffers = 12;
  static constexpr int kMaxPhases = 12;
  TraceEvent* events;
  unsigned long long* count;
  unsigned long long capacity;
  int16_t buffers[kMaxBuffers];
  int32_t phases[kMaxPhases];
  int32_t step;
  int32_t block;

  __device__ void begin(int phase, int level = 0) { step = phases[phase] + level; }
  template <class V>
  __device__ V read(int buffer, int64_t address, V value, int = 0) {
    emit(EventKind::Read, buffer, address, static_cast<double>(value));
    return value;
  }
  template <class V>
  __device__ V write(int buffer, int64_t address, V value) {
    emit(EventKind::Write, buffer, address, static_cast<double>(value));
    return value;
  }
  template <class V>
  __device__ V atomic(int buffer, int64_t address, V operand) {
    emit(EventKind::Atomic, buffer, address, static_cast<double>(operand));
    return operand;
  }
  template <class V>
  __device__ V op(int buffer, int64_t address, V result) {
    emit(EventKind::Op, buffer, address, static_cast<double>(result));
    return result;
  }

 private:
  __device__ void emit(EventKind kind, int buffer, int64_t address, double value) {
    const unsigned long long slot = atomicAdd(count, 1ull);
    if (slot >= capacity) return;
    TraceEvent e;
    e.step = step;
    const int64_t b = block >= 0 ? block : static_cast<int64_t>(blockIdx.x);
    e.thread = static_cast<int32_t>(b * blockDim.x + threadIdx.x);
    e.address = static_cast<int32_t>(address);
    e.buffer = buffers[buffer];
    e.kind = kind;
    e.vector_part = 0;
    e.value = value;
    events[slot] = e;
  }
};

// Numbers the recorder's threads by `block` (a dynamic tile index); nothing for NoTrace.
template <class Rec>
__device__ void set_block(Rec& rec, int block) {
  if constexpr (Rec::kEnabled) rec.block = block;
}

// Flags of the single pass: an acquire load sees every value written before the release store.
__device__ inline int load_flag(const int* p) {
  int v;
  asm volatile("ld.acquire.gpu.global.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ inline void store_flag(int* p, int v) {
  asm volatile("st.release.gpu.global.s32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
template <class T>
__device__ T load_value(const T* p) {
  return *static_cast<const volatile T*>(p);
}

// ---- Host side of a teach run.

constexpr int32_t kAbsentStep = -(1 << 24);  // a phase without steps: an event there is an error

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

// The event buffer of one teach run, sized from the CPU twin's trace.
class Recording {
 public:
  explicit Recording(const Trace& twin) {
    for (const TraceStep& s : twin.steps) expected_ += s.events.size();
    capacity_ = 2 * expected_ + 4096;
    require_device_memory(capacity_ * sizeof(TraceEvent) + (1 << 20),
                          "a teach-mode summed-area-table trace");
    events_ = DeviceBuffer<TraceEvent>(capacity_);
    count_ = DeviceBuffer<unsigned long long>(1);
    count_.fill_zero();
  }
  SatTrace recorder() {
    SatTrace rec{};
    rec.events = events_.data();
    rec.count = count_.data();
    rec.capacity = capacity_;
    for (int16_t& b : rec.buffers) b = -1;
    for (int32_t& p : rec.phases) p = kAbsentStep;
    rec.step = kAbsentStep;
    rec.block = -1;
    return rec;
  }
  // Replaces the twin's events with the recorded ones (after the kernels finished).
  void finish(Trace& trace) {
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    for (TraceStep& s : trace.steps) s.events.clear();
    download_trace_events(events_, count_, capacity_, expected_, trace);
  }

 private:
  size_t expected_ = 0, capacity_ = 0;
  DeviceBuffer<TraceEvent> events_;
  DeviceBuffer<unsigned long long> count_;
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
