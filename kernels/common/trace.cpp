#include "trace.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "error.h"
#include "trace_cluster.h"

namespace ws {

void distribute_events(const std::vector<TraceEvent>& flat, Trace& trace) {
  std::vector<TraceEvent> sorted = flat;
  std::stable_sort(sorted.begin(), sorted.end(), [](const TraceEvent& a, const TraceEvent& b) {
    return a.step != b.step ? a.step < b.step : a.thread < b.thread;
  });
  for (auto& step : trace.steps) step.events.clear();
  for (const TraceEvent& e : sorted) {
    WS_REQUIRE(e.step >= 0 && e.step < static_cast<int32_t>(trace.steps.size()),
               "trace event names step " + std::to_string(e.step) + " of " +
                   std::to_string(trace.steps.size()));
    trace.steps[e.step].events.push_back(e);
  }
}

namespace {

double apply_atomic(const TraceBuffer& buffer, double old_value, double operand) {
  if (buffer.type == ValueType::Int32)
    return apply_op<int32_t>(buffer.atomic_op, static_cast<int32_t>(old_value),
                             static_cast<int32_t>(operand));
  if (buffer.type == ValueType::Float64)
    return apply_op<double>(buffer.atomic_op, old_value, operand);
  return apply_op<float>(buffer.atomic_op, static_cast<float>(old_value),
                         static_cast<float>(operand));
}

size_t flat_index(const Trace& trace, const TraceStep& step, const TraceEvent& e) {
  const TraceBuffer& buffer = trace.buffers.at(e.buffer);
  size_t index = static_cast<size_t>(e.address);
  if (buffer.space == MemSpace::Shared)
    index += static_cast<size_t>(e.thread / step.block_dim) * buffer.size;
  return index;
}

}  // namespace

std::vector<std::vector<std::vector<double>>> replay_snapshots(const Trace& trace) {
  std::vector<std::vector<double>> state;
  for (const TraceBuffer& b : trace.buffers) state.push_back(b.initial);
  std::vector<std::vector<std::vector<double>>> out;
  out.reserve(trace.steps.size());
  for (const TraceStep& step : trace.steps) {
    for (const TraceEvent& e : step.events) {
      if (e.kind != EventKind::Write && e.kind != EventKind::Atomic) continue;
      WS_REQUIRE(e.buffer >= 0 && e.buffer < static_cast<int>(state.size()),
                 "trace event names an unknown buffer");
      auto& values = state[e.buffer];
      const size_t index = flat_index(trace, step, e);
      WS_REQUIRE(index < values.size(),
                 "trace event writes outside buffer '" + trace.buffers[e.buffer].name + "'");
      values[index] = e.kind == EventKind::Write
                          ? e.value
                          : apply_atomic(trace.buffers[e.buffer], values[index], e.value);
    }
    out.push_back(state);
  }
  return out;
}

std::vector<int32_t> active_threads(const TraceStep& step) {
  std::vector<int32_t> threads;
  for (const TraceEvent& e : step.events)
    if (e.kind != EventKind::Skip && (threads.empty() || threads.back() != e.thread))
      threads.push_back(e.thread);
  std::sort(threads.begin(), threads.end());
  threads.erase(std::unique(threads.begin(), threads.end()), threads.end());
  return threads;
}

namespace {

bool same_value(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || a == b;
}

std::string describe(const TraceEvent& e) {
  static const char* kinds[] = {"read", "write", "atomic", "op", "skip", "remote read"};
  static_assert(sizeof(kinds) / sizeof(kinds[0]) == size_t(kRemoteRead) + 1, "a name per kind");
  std::ostringstream s;
  s << "thread " << e.thread << " " << kinds[static_cast<int>(e.kind)] << " buffer " << e.buffer
    << "[" << e.address << "] = " << e.value;
  return s.str();
}

}  // namespace

std::string compare_traces(const Trace& a, const Trace& b) {
  if (a.steps.size() != b.steps.size())
    return "step count " + std::to_string(a.steps.size()) + " vs " + std::to_string(b.steps.size());
  if (a.buffers.size() != b.buffers.size()) return "buffer count differs";
  for (size_t s = 0; s < a.steps.size(); ++s) {
    const TraceStep& x = a.steps[s];
    const TraceStep& y = b.steps[s];
    const std::string where = "step " + std::to_string(s) + " (" + x.label + "): ";
    if (x.label != y.label) return where + "label '" + y.label + "'";
    if (x.events.size() != y.events.size())
      return where + std::to_string(x.events.size()) + " vs " + std::to_string(y.events.size()) +
             " events";
    for (size_t i = 0; i < x.events.size(); ++i) {
      const TraceEvent& e = x.events[i];
      const TraceEvent& f = y.events[i];
      if (e.thread != f.thread || e.address != f.address || e.buffer != f.buffer ||
          e.kind != f.kind || e.vector_part != f.vector_part || !same_value(e.value, f.value))
        return where + "event " + std::to_string(i) + ": " + describe(e) + " vs " + describe(f);
    }
  }
  return "";
}

}  // namespace ws
