// The device event buffer of one teach-mode run, sized from the CPU twin's trace: it hands out
// recorders (every buffer and phase unmapped; the launch maps its own) and, after the kernels,
// replaces the trace's events with the recorded ones. Shared by the scan and summed-area-table
// teach launches.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "cuda_check.cuh"
#include "device_buffer.cuh"
#include "device_trace.cuh"
#include "trace.h"
#include "trace_download.cuh"

namespace ws {

// The step index of a phase the launch does not have: an event recorded there lands far out of
// range and is reported.
constexpr int32_t kAbsentStep = -(1 << 24);

template <class Rec>
class TraceRecording {
 public:
  // `data_bytes`: the device memory the run needs besides the events; `what` names the run in the
  // error when the device has too little memory.
  TraceRecording(const Trace& twin, size_t data_bytes, const std::string& what) {
    for (const TraceStep& s : twin.steps) expected_ += s.events.size();
    capacity_ = 2 * expected_ + 4096;  // slack: a kernel recording too much fails clearly
    require_device_memory(capacity_ * sizeof(TraceEvent) + data_bytes + (1 << 20), what);
    events_ = DeviceBuffer<TraceEvent>(capacity_);
    count_ = DeviceBuffer<unsigned long long>(1);
    count_.fill_zero();
  }

  Rec recorder() {
    Rec rec{};
    rec.events = events_.data();
    rec.count = count_.data();
    rec.capacity = capacity_;
    for (int16_t& b : rec.buffers) b = -1;
    for (int32_t& p : rec.phases) p = kAbsentStep;
    rec.step = kAbsentStep;
    rec.block = -1;
    return rec;
  }

  // Replaces the trace's events with the recorded ones (after the kernels finished).
  void download(Trace& trace) {
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    for (TraceStep& s : trace.steps) s.events.clear();
    download_trace_events(events_, count_, capacity_, expected_, trace);
  }

 private:
  size_t expected_ = 0, capacity_ = 0;
  DeviceBuffer<TraceEvent> events_;
  DeviceBuffer<unsigned long long> count_;
};

}  // namespace ws
