// The unit of a teach-mode trace: one thing one thread did in one step. Plain data, written by
// instrumented CUDA kernels into a device buffer and by the CPU references into a vector.
#pragma once

#include <cstdint>

namespace ws {

enum class EventKind : uint8_t {
  Read = 0,    // value read from buffer[address]
  Write = 1,   // value written to buffer[address]
  Atomic = 2,  // atomic read-modify-write of buffer[address]; value = the operand contributed
  Op = 3,      // one operator application; address = destination, value = its result
  // The lane sat out its next read of `buffer` (a predicated-off load: the book's
  // `if (in bounds) sum += F[..] * N[..]` at a ghost cell of zero): address -1, value 0. It
  // stands for a Read only; it just keeps the lane's later reads of `buffer` in step with the
  // warp's instructions (counters.cpp groups a warp's accesses by each lane's n-th read). A
  // skipped lane is not active for it; every consumer but the counters ignores it. (A
  // predicated-off store would need a kind of its own that advances the lane's Write ordinal;
  // no kernel needs one yet.)
  Skip = 4,
};

struct TraceEvent {
  int32_t step;     // index into Trace::steps
  int32_t thread;   // linear thread index in the launch: block * block_dim + threadIdx.x
  int32_t address;  // element index; for per-block (shared) buffers, local to the block
  int16_t buffer;   // index into Trace::buffers
  EventKind kind;
  uint8_t vector_part;  // 0 for a scalar access or the first element of a vector load; 1.. for
                        // the other elements, which belong to the same warp-level instruction
  double value;         // int32 and float32 values are exact in a double
};

static_assert(sizeof(TraceEvent) == 24, "TraceEvent is shared with the device: keep it 24 bytes");

}  // namespace ws
