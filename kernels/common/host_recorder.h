// A CPU twin's recorder: DeviceTrace's calls (device_trace.cuh) on the host, each appending one
// event at the recorder's step and thread, so the twin runs the kernel's own per-thread code. The
// twin sets `thread` before each thread's code; its begin(phase, level) sets `step` (how its
// phases become steps is its own: spmv's launch maps, merge's provisional strides).
#pragma once

#include <cstdint>
#include <vector>

#include "trace_event.h"

namespace ws {

struct HostRecorder {
  std::vector<TraceEvent>* events = nullptr;
  const int16_t* buffer_map = nullptr;  // kernel buffer -> Trace::buffers; nullptr: the same index
  int32_t thread = 0;
  int32_t step = 0;

  template <class T>
  T read(int buffer, int64_t address, T value) {
    emit(EventKind::Read, buffer, address, static_cast<double>(value));
    return value;
  }
  template <class T>
  T write(int buffer, int64_t address, T value) {
    emit(EventKind::Write, buffer, address, static_cast<double>(value));
    return value;
  }
  template <class T>
  T atomic(int buffer, int64_t address, T operand) {
    emit(EventKind::Atomic, buffer, address, static_cast<double>(operand));
    return operand;
  }
  template <class T>
  T op(int buffer, int64_t address, T result) {
    emit(EventKind::Op, buffer, address, static_cast<double>(result));
    return result;
  }

 private:
  void emit(EventKind kind, int buffer, int64_t address, double value) {
    TraceEvent e{};
    e.step = step;
    e.thread = thread;
    e.address = static_cast<int32_t>(address);
    e.buffer = buffer_map != nullptr ? buffer_map[buffer] : static_cast<int16_t>(buffer);
    e.kind = kind;
    e.vector_part = 0;
    e.value = value;
    events->push_back(e);
  }
};

}  // namespace ws
