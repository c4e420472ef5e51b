// Teach-mode traces: what every thread did in every step, identical for the CPU reference and the
// instrumented CUDA kernels. Counters (counters.h) and views are computed from a Trace only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "binary_op.h"
#include "trace_event.h"

namespace ws {

// Constant: read-only memory served through the constant cache, one address per cycle for a warp
// (all lanes on one address: a broadcast; k distinct addresses: k serialized reads).
enum class MemSpace : uint8_t { Global = 0, Shared = 1, Register = 2, Constant = 3 };

// One array the algorithm touches. Shared buffers exist once per block (`size` elements each);
// register buffers hold one value per thread (used to show warp-shuffle values).
struct TraceBuffer {
  std::string name;
  MemSpace space = MemSpace::Global;
  int32_t size = 0;             // elements (per block for shared buffers)
  int32_t blocks = 1;           // copies: grid_dim for shared buffers, 1 otherwise
  std::vector<double> initial;  // size * blocks values; NaN means "not yet written"
  ValueType type =
      ValueType::Int32;  // element type (a retirement counter is int32 in a float trace)
  BinaryOp atomic_op = BinaryOp::Sum;  // what an Atomic event on this buffer applies
  int32_t elem_bytes = 0;  // bytes per element for the memory counters; 0: Trace::elem_bytes
                           // (an 8-bit image read beside a 32-bit table)
};

struct TraceStep {
  std::string label;        // e.g. "stride 4"
  std::string phase;        // "load", "tree", "warp", "finish": counters can be read per phase
  std::string code_marker;  // a tag in the kernel source: the code panel highlights its line
  int32_t grid_dim = 1;     // launch shape while this step runs
  int32_t block_dim = 1;
  int32_t barriers = 0;            // __syncthreads each block executes in this step
  std::vector<TraceEvent> events;  // ordered by thread, then program order within the thread
};

struct Trace {
  BinaryOp op = BinaryOp::Sum;        // the algorithm's operator
  std::string op_label;               // what an Op event is called ("" = the operator's name)
  ValueType type = ValueType::Int32;  // the algorithm's element type
  int32_t elem_bytes = 4;
  int32_t warp_size = 32;
  int64_t serial_ops = 0;  // operations the sequential algorithm needs (n - 1 for a reduction)
  std::vector<TraceBuffer> buffers;
  std::vector<TraceStep> steps;
};

// Sorts events into steps: stable by (step, thread), so each thread keeps its program order.
// Events whose step is out of range are an error (ws::Error).
void distribute_events(const std::vector<TraceEvent>& flat, Trace& trace);

// Buffer contents after each step, replayed from the initial values and the Write/Atomic events.
// result[s][b] holds buffer b after step s (shared buffers: block-major).
std::vector<std::vector<std::vector<double>>> replay_snapshots(const Trace& trace);

// Threads with at least one event in the step, ascending.
std::vector<int32_t> active_threads(const TraceStep& step);

// First difference between two traces, or "" when they match exactly (events and structure).
std::string compare_traces(const Trace& a, const Trace& b);

}  // namespace ws
