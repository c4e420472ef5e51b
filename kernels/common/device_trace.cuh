// Teach-mode recording from device code. A kernel takes its recorder as a template parameter and
// by value: DeviceTrace appends TraceEvents to a device buffer, NoTrace compiles every call away.
// So one kernel body serves both modes, and the recorder calls read like annotations:
//   T x = rec.read(kShared, i, s[i]);        // records the read, returns s[i]
//   s[i] = rec.write(kShared, i, x);         // records the write, returns x
//   rec.skip(kGlobal);                       // this lane sits out the warp's next read of it
// Buffers and phases are small integers the kernel names (an enum in its .cu file); the host maps
// them to Trace::buffers indices and to the first Trace::steps index of each phase.
#pragma once

#include <cstdint>

#include "trace_cluster.h"
#include "trace_event.h"

namespace ws {

// kBuffers: how many buffers a kernel may name. kDynamicBlock: events are numbered by `block`
// (set_block: a block or tile index the kernel took from an atomic counter, the numbering its CPU
// twin uses) while it is >= 0, else by blockIdx.x; without it always by blockIdx.x.
template <int kBuffers, bool kDynamicBlock>
struct BasicDeviceTrace {
  static constexpr bool kEnabled = true;
  static constexpr int kMaxBuffers = kBuffers;
  static constexpr int kMaxPhases = 12;

  TraceEvent* events;         // capacity slots
  unsigned long long* count;  // events taken so far; may exceed capacity (the host checks)
  unsigned long long capacity;
  int16_t buffers[kMaxBuffers];  // kernel buffer name -> index into Trace::buffers
  int32_t phases[kMaxPhases];    // kernel phase name -> index of its first step in Trace::steps
  int32_t step;                  // the step this thread is in (a per-thread copy)
  int32_t block;                 // kDynamicBlock: the block number of the events when >= 0

  // Enters step `level` of `phase` (levels of a tree, iterations of a loop).
  __device__ void begin(int phase, int level = 0) { step = phases[phase] + level; }

  template <class T>
  __device__ T read(int buffer, int64_t address, T value, int vector_part = 0) {
    emit(EventKind::Read, buffer, address, static_cast<double>(value), vector_part);
    return value;
  }
  template <class T>
  __device__ T write(int buffer, int64_t address, T value) {
    emit(EventKind::Write, buffer, address, static_cast<double>(value), 0);
    return value;
  }
  template <class T>
  __device__ T atomic(int buffer, int64_t address, T operand) {
    emit(EventKind::Atomic, buffer, address, static_cast<double>(operand), 0);
    return operand;
  }
  // A read of ANOTHER block's copy of a shared buffer through distributed shared memory (a
  // thread-block cluster's): `address` is block-major, the owner * the buffer's size + the element.
  template <class T>
  __device__ T remote_read(int buffer, int64_t address, T value) {
    emit(kRemoteRead, buffer, address, static_cast<double>(value), 0);
    return value;
  }
  // The thread sits out its next read of `buffer` (predicated off: a ghost cell of zero).
  __device__ void skip(int buffer) { emit(EventKind::Skip, buffer, -1, 0.0, 0); }
  // One operator application whose result lands at `address` of `buffer`.
  template <class T>
  __device__ T op(int buffer, int64_t address, T result) {
    emit(EventKind::Op, buffer, address, static_cast<double>(result), 0);
    return result;
  }

 private:
  // A thread's slots increase in its program order (its atomics on `count` are ordered), which
  // distribute_events relies on when it sorts stably by (step, thread).
  __device__ void emit(EventKind kind, int buffer, int64_t address, double value, int part) {
    const unsigned long long slot = atomicAdd(count, 1ull);
    if (slot >= capacity) return;
    TraceEvent e;
    e.step = step;
    if constexpr (kDynamicBlock) {
      const int64_t b = block >= 0 ? block : static_cast<int64_t>(blockIdx.x);
      e.thread = static_cast<int32_t>(b * blockDim.x + threadIdx.x);
    } else {
      e.thread = static_cast<int32_t>(blockIdx.x * blockDim.x + threadIdx.x);
    }
    e.address = static_cast<int32_t>(address);
    e.buffer = buffers[buffer];
    e.kind = kind;
    e.vector_part = static_cast<uint8_t>(part);
    e.value = value;
    events[slot] = e;
  }
};

// The recorder of most kernels: threads numbered by blockIdx.x.
using DeviceTrace = BasicDeviceTrace<8, false>;
// The recorder of the single passes (scan, summed-area table), whose blocks number themselves.
using DynamicBlockTrace = BasicDeviceTrace<12, true>;

// Numbers the recorder's events by `block` (a dynamic block or tile index); nothing otherwise.
template <class Rec>
__device__ void set_block(Rec& rec, int block) {
  if constexpr (Rec::kEnabled) rec.block = block;
}

// Fast mode: the same calls, no recording.
struct NoTrace {
  static constexpr bool kEnabled = false;
  __device__ void begin(int, int = 0) {}
  template <class T>
  __device__ T read(int, int64_t, T value, int = 0) {
    return value;
  }
  template <class T>
  __device__ T remote_read(int, int64_t, T value) {
    return value;
  }
  template <class T>
  __device__ T write(int, int64_t, T value) {
    return value;
  }
  template <class T>
  __device__ T atomic(int, int64_t, T operand) {
    return operand;
  }
  template <class T>
  __device__ T op(int, int64_t, T result) {
    return result;
  }
  __device__ void skip(int) {}
};

}  // namespace ws
