// The host side of a teach-mode launch: after the kernels recorded into a DeviceTrace, copy the
// events back (checking that none were lost to a full buffer) and sort them into the trace's
// steps. Shared by every scene's CUDA teach mode.
#pragma once

#include <string>
#include <vector>

#include "device_buffer.cuh"
#include "error.h"
#include "trace.h"

namespace ws {

// `expected` is the CPU model's event count, named in the error when the buffer overflowed.
inline void download_trace_events(const DeviceBuffer<TraceEvent>& events,
                                  const DeviceBuffer<unsigned long long>& count, size_t capacity,
                                  size_t expected, Trace& trace) {
  unsigned long long recorded = 0;
  count.download(&recorded, 1);
  WS_REQUIRE(recorded <= capacity, "the GPU recorded " + std::to_string(recorded) +
                                       " trace events, more than the " + std::to_string(capacity) +
                                       " the buffer holds (the CPU model records " +
                                       std::to_string(expected) + ")");
  std::vector<TraceEvent> flat(recorded);
  events.download(flat.data(), flat.size());
  distribute_events(flat, trace);
}

}  // namespace ws
