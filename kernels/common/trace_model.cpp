#include "trace_model.h"

#include <limits>

#include "error.h"
#include "trace_cluster.h"

namespace ws {

int TraceModel::add_buffer(const std::string& name, MemSpace space, int size, int blocks,
                           const std::vector<double>& initial, int elem_bytes) {
  TraceBuffer b;
  b.name = name;
  b.space = space;
  b.size = size;
  b.blocks = blocks;
  b.type = trace_.type;
  b.elem_bytes = elem_bytes;
  const size_t n = size_t(size) * size_t(blocks);
  b.initial =
      initial.empty() ? std::vector<double>(n, std::numeric_limits<double>::quiet_NaN()) : initial;
  WS_REQUIRE(b.initial.size() == n, "buffer " + name + ": initial values do not match its size");
  state_.push_back(b.initial);
  trace_.buffers.push_back(std::move(b));
  return int(trace_.buffers.size()) - 1;
}

int TraceModel::add_step(const std::string& label, const std::string& phase,
                         const std::string& marker, int grid_dim, int block_dim, int barriers) {
  TraceStep s;
  s.label = label;
  s.phase = phase;
  s.code_marker = marker;
  s.grid_dim = grid_dim;
  s.block_dim = block_dim;
  s.barriers = barriers;
  trace_.steps.push_back(std::move(s));
  return int(trace_.steps.size()) - 1;
}

void TraceModel::at(int step) {
  WS_REQUIRE(step >= 0 && step < int(trace_.steps.size()),
             "model step " + std::to_string(step) + " out of range");
  step_ = step;
}

double& TraceModel::cell(int thread, int buffer, int address) {
  const TraceBuffer& b = trace_.buffers[size_t(buffer)];
  WS_REQUIRE(address >= 0 && address < b.size,
             "model access out of range: " + b.name + "[" + std::to_string(address) + "]");
  std::vector<double>& values = state_[size_t(buffer)];
  if (b.space != MemSpace::Shared) return values[size_t(address)];
  const int block = thread / trace_.steps[size_t(step_)].block_dim;
  WS_REQUIRE(block < b.blocks, "model access to block " + std::to_string(block) + " of " + b.name);
  return values[size_t(block) * size_t(b.size) + size_t(address)];
}

double TraceModel::read(int thread, int buffer, int address) {
  const double v = cell(thread, buffer, address);
  emit(EventKind::Read, thread, buffer, address, v);
  return v;
}

void TraceModel::write(int thread, int buffer, int address, double value) {
  cell(thread, buffer, address) = value;
  emit(EventKind::Write, thread, buffer, address, value);
}

double TraceModel::op(int thread, int buffer, int address, double result) {
  emit(EventKind::Op, thread, buffer, address, result);
  return result;
}

void TraceModel::skip(int thread, int buffer) {
  emit(EventKind::Skip, thread, buffer, -1, 0.0);
}

void TraceModel::atomic(int thread, int buffer, int address, double operand) {
  double& c = cell(thread, buffer, address);
  c = apply_op<double>(trace_.buffers[size_t(buffer)].atomic_op, c, operand);
  emit(EventKind::Atomic, thread, buffer, address, operand);
}

double TraceModel::remote_read(int thread, int buffer, int block, int address) {
  const TraceBuffer& b = trace_.buffers[size_t(buffer)];
  const int own = thread / trace_.steps[size_t(step_)].block_dim;
  if (block == own) return read(thread, buffer, address);
  WS_REQUIRE(b.space == MemSpace::Shared && block >= 0 && block < b.blocks && address >= 0 &&
                 address < b.size,
             "model remote read out of range: " + b.name + " of block " + std::to_string(block));
  const int64_t flat = int64_t(block) * b.size + address;
  const double v = state_[size_t(buffer)][size_t(flat)];
  emit(kRemoteRead, thread, buffer, int(flat), v);
  return v;
}

void TraceModel::emit(EventKind kind, int thread, int buffer, int address, double value) {
  TraceEvent e;
  e.step = step_;
  e.thread = thread;
  e.address = address;
  e.buffer = int16_t(buffer);
  e.kind = kind;
  e.vector_part = 0;
  e.value = value;
  events_.push_back(e);
}

void TraceModel::finish() {
  distribute_events(events_, trace_);
  events_.clear();
}

}  // namespace ws
