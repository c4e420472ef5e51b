// The CPU twins' bookkeeping: buffers, barrier semantics and trace events, shared by every scan
// family (scan_cpu_*.cpp). A twin runs its kernel's schedule step by step and thread by thread and
// calls read / op / write exactly where the CUDA kernel calls its recorder, so both backends emit
// the same events.
//
// Trace conventions (every family, both backends; the views rely on them):
// - Buffers: "input" (global, n values, initial = the input), "output" (global, n, initially
//   unwritten = NaN), then the kernel's own arrays: shared ones per block ("XY", "XY in", "XY out",
//   "sums"...) and per-thread registers ("registers"). Global scratch ("block sums", "flags") as
//   the kernel has them. Buffer 0 is always "input", buffer 1 "output".
// - Threads: thread = block * block_dim + threadIdx.x (single-pass: the dynamic block index).
//   Shared addresses are local to the block; the block is the thread's.
// - Within one step a thread's events follow its program order: the reads of its operands, then
//   the Op (address = destination, value = result), then the Write. A copy is a Read then a Write.
//   The Op's operands are the reads since the thread's previous Op (replay_ranges relies on this).
// - One step per barrier-separated phase of the kernel. TraceStep::phase is one of: "load",
//   "scan" (a Kogge-Stone level), "up-sweep", "root", "down-sweep", "thread scan", "section scan",
//   "add back", "block sums", "chain" / "look-back" (single pass), "warp scan", "store".
//   TraceStep::label says what the step does ("stride 4", "level 2: stride 2"); code_marker is the
//   marker comment in the .cu file ("@load", "@ks-step", ...).
// - TraceStep::barriers counts the __syncthreads each block executes in the step.
// - Trace::serial_ops = n - 1 for an inclusive scan (n >= 1), n - 2 for an exclusive one (n >= 2):
//   what a sequential loop needs. Every Op event is one operator application a GPU thread performs
//   (the closed forms: Kogge-Stone n log2 n - (n - 1), Brent-Kung 2n - 2 - log2 n, for powers of
//   two).
//
// Barrier semantics: reads see the state at the start of the step (plus the reading thread's own
// earlier writes in the step); writes land when the step ends (end_step), as a __syncthreads after
// the step makes them. commit() lands the pending writes at once: a twin modelling a schedule with
// a missing barrier (the Kogge-Stone race) calls it after each warp.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../common/error.h"
#include "../common/trace.h"

namespace ws::scan {

template <class T>
class TraceModel {
 public:
  // With `record` false nothing is traced (fast mode runs the same schedule).
  TraceModel(Trace& trace, bool record) : trace_(trace), record_(record) {
    trace_.type = std::is_same_v<T, float> ? ValueType::Float32 : ValueType::Int32;
    trace_.elem_bytes = 4;
  }

  // A buffer of `size` elements per copy (`blocks` copies for shared memory, block-major).
  // `initial` has size * blocks values or is empty (unwritten: NaN in the trace, `fill` in the
  // model's state).
  int add_buffer(const std::string& name, MemSpace space, int64_t size, int64_t blocks,
                 const std::vector<T>& initial = {}, T fill = T{}) {
    WS_REQUIRE(size * blocks < (int64_t{1} << 31), "trace buffer " + name + " is too large");
    TraceBuffer b;
    b.name = name;
    b.space = space;
    b.size = static_cast<int32_t>(size);
    b.blocks = static_cast<int32_t>(blocks);
    b.type = trace_.type;
    if (record_) {
      if (initial.empty()) {
        b.initial.assign(static_cast<size_t>(size * blocks),
                         std::numeric_limits<double>::quiet_NaN());
      } else {
        b.initial.assign(initial.begin(), initial.end());
      }
    }
    trace_.buffers.push_back(std::move(b));
    state_.push_back(initial.empty() ? std::vector<T>(static_cast<size_t>(size * blocks), fill)
                                     : initial);
    return static_cast<int>(trace_.buffers.size()) - 1;
  }

  // Starts a step: its label, phase, code marker, launch shape and barriers per block.
  void begin_step(const std::string& label, const std::string& phase, const std::string& marker,
                  int grid_dim, int block_dim, int barriers = 1) {
    end_step();
    block_dim_ = block_dim;
    if (record_) {
      TraceStep s;
      s.label = label;
      s.phase = phase;
      s.code_marker = marker;
      s.grid_dim = grid_dim;
      s.block_dim = block_dim;
      s.barriers = barriers;
      trace_.steps.push_back(std::move(s));
    }
    in_step_ = true;
  }

  // Lands the step's writes (also done by the next begin_step and by finish).
  void end_step() {
    commit();
    in_step_ = false;
  }

  // Lands the pending writes now (a schedule without a barrier between reads and writes).
  void commit() {
    for (const auto& [key, pending] : pending_) state_[key.first][key.second] = pending.second;
    pending_.clear();
  }

  T read(int64_t thread, int buffer, int64_t address, int vector_part = 0) {
    const int64_t flat = flat_index(thread, buffer, address);
    auto it = pending_.find({buffer, flat});
    const T value = it != pending_.end() && it->second.first == thread ? it->second.second
                                                                       : state_[buffer][flat];
    emit(EventKind::Read, thread, buffer, address, value, vector_part);
    return value;
  }

  void write(int64_t thread, int buffer, int64_t address, T value) {
    const int64_t flat = flat_index(thread, buffer, address);
    if (in_step_) {
      pending_[{buffer, flat}] = {thread, value};
    } else {
      state_[buffer][flat] = value;
    }
    emit(EventKind::Write, thread, buffer, address, value, 0);
  }

  // One operator application whose result goes to `address` of `buffer`; returns the result.
  T op(int64_t thread, int buffer, int64_t address, T result) {
    emit(EventKind::Op, thread, buffer, address, result, 0);
    return result;
  }

  // The current (committed) contents of a buffer, block-major.
  const std::vector<T>& state(int buffer) const { return state_[buffer]; }
  std::vector<T>& mutable_state(int buffer) { return state_[buffer]; }

  // Lands the last step and sorts the events into the trace's steps.
  void finish() {
    end_step();
    if (record_) distribute_events(events_, trace_);
    events_.clear();
  }

  bool recording() const { return record_; }
  int64_t step_index() const { return static_cast<int64_t>(trace_.steps.size()) - 1; }

 private:
  int64_t flat_index(int64_t thread, int buffer, int64_t address) const {
    const TraceBuffer& b = trace_.buffers[buffer];
    WS_REQUIRE(address >= 0 && address < b.size,
               "model access out of range: " + b.name + "[" + std::to_string(address) + "]");
    if (b.space != MemSpace::Shared || b.blocks == 1) return address;
    const int64_t block = thread / block_dim_;
    return block * b.size + address;
  }

  void emit(EventKind kind, int64_t thread, int buffer, int64_t address, T value, int part) {
    if (!record_) return;
    TraceEvent e;
    e.step = static_cast<int32_t>(trace_.steps.size()) - 1;
    e.thread = static_cast<int32_t>(thread);
    e.address = static_cast<int32_t>(address);
    e.buffer = static_cast<int16_t>(buffer);
    e.kind = kind;
    e.vector_part = static_cast<uint8_t>(part);
    e.value = static_cast<double>(value);
    events_.push_back(e);
  }

  Trace& trace_;
  bool record_;
  bool in_step_ = false;
  int block_dim_ = 1;
  std::vector<std::vector<T>> state_;
  std::map<std::pair<int, int64_t>, std::pair<int64_t, T>> pending_;  // (buffer, flat) -> write
  std::vector<TraceEvent> events_;
};

// The serial operation count a trace's counters compare with.
inline int64_t serial_ops_for(int64_t n, bool inclusive) {
  if (inclusive) return n > 0 ? n - 1 : 0;
  return n > 1 ? n - 2 : 0;
}

}  // namespace ws::scan
