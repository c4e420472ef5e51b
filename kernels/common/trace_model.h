// The CPU twins' recorder: the buffers with their current values, the step the events go to, one
// event per access, and at the end the events sorted into the trace's steps. The CUDA kernels
// record the same events through device_trace.cuh; each scene's teach model builds on this one.
#pragma once

#include <string>
#include <vector>

#include "trace.h"

namespace ws {

class TraceModel {
 public:
  explicit TraceModel(Trace& trace) : trace_(trace) {}

  // A buffer of `size` elements per copy (`blocks` copies: one per block for shared memory) of the
  // trace's element type. `initial` empty: unwritten (NaN). `elem_bytes` 0: the trace's.
  int add_buffer(const std::string& name, MemSpace space, int size, int blocks = 1,
                 const std::vector<double>& initial = {}, int elem_bytes = 0);
  int add_step(const std::string& label, const std::string& phase, const std::string& marker,
               int grid_dim, int block_dim, int barriers);
  void at(int step);  // events from now on go to step `step`

  double read(int thread, int buffer, int address);
  void write(int thread, int buffer, int address, double value);
  double op(int thread, int buffer, int address, double result);
  // An atomic with the buffer's atomic_op (atomicAdd, atomicMax, ...): the element becomes
  // op(old, operand); the event carries the operand.
  void atomic(int thread, int buffer, int address, double operand);
  // A read of block `block`'s copy of shared buffer `buffer` (distributed shared memory): a
  // RemoteRead when `block` is not the thread's own, else a Read.
  double remote_read(int thread, int buffer, int block, int address);
  // The thread sits out its next read of `buffer` (EventKind::Skip: a predicated-off load).
  void skip(int thread, int buffer);

  const std::vector<double>& state(int buffer) const { return state_[size_t(buffer)]; }
  void finish();  // sorts the events into the steps (distribute_events)

 protected:
  // The element a thread's access touches: shared buffers are per block (the step's block_dim).
  double& cell(int thread, int buffer, int address);
  void emit(EventKind kind, int thread, int buffer, int address, double value);
  Trace& trace_;

 private:
  int step_ = -1;
  std::vector<std::vector<double>> state_;
  std::vector<TraceEvent> events_;
};

}  // namespace ws
