// A lab run's events -> the ws::Trace the scenes' views draw: steps are barrier phases, buffers the
// kernel's arrays then its shared arrays. Shared by both backends (finish_result).
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

#include "lab_shared.h"

namespace ws::lab {
namespace {

bool by_thread_seq(const LabEvent& a, const LabEvent& b) {
  return std::tie(a.thread, a.seq) < std::tie(b.thread, b.seq);
}

bool traced_kind(const LabEvent& e) {
  return e.kind == LabRead || e.kind == LabWrite || e.kind == LabAtomic;
}

ValueType trace_value_type(ElemType t) {
  return t == ElemType::F32 ? ValueType::Float32 : ValueType::Int32;
}

// Sorts by (thread, seq) in linear time: a stable counting sort by thread keeps each thread's
// events in recording order, which is its program order on both backends (a thread appends one
// event at a time); a thread whose events are not is sorted on its own.
void sort_by_thread_seq(std::vector<LabEvent>& events, int64_t threads) {
  if (std::is_sorted(events.begin(), events.end(), by_thread_seq)) return;
  std::vector<size_t> start(static_cast<size_t>(threads) + 1, 0);
  for (const LabEvent& e : events) {
    if (e.thread < 0 || e.thread >= threads) {
      std::sort(events.begin(), events.end(), by_thread_seq);
      return;
    }
    ++start[static_cast<size_t>(e.thread) + 1];
  }
  for (size_t t = 1; t < start.size(); ++t) start[t] += start[t - 1];
  std::vector<LabEvent> sorted(events.size());
  std::vector<size_t> next(start.begin(), start.end() - 1);
  for (const LabEvent& e : events) sorted[next[static_cast<size_t>(e.thread)]++] = e;
  for (size_t t = 0; t + 1 < start.size(); ++t) {
    const auto first = sorted.begin() + static_cast<std::ptrdiff_t>(start[t]);
    const auto last = sorted.begin() + static_cast<std::ptrdiff_t>(start[t + 1]);
    if (!std::is_sorted(first, last, by_thread_seq)) std::sort(first, last, by_thread_seq);
  }
  events.swap(sorted);
}

}  // namespace

std::vector<SharedArray> renumber_shared(const Job& job, std::vector<LabEvent>& events) {
  int arrays = 0;
  for (const Arg& a : job.args) arrays += a.is_array ? 1 : 0;
  // First use of each declaration line, by (step, thread, seq).
  std::map<int, std::tuple<int, int, int>> first_use;
  std::map<int, int> largest_index, oob_size;
  for (const LabEvent& e : events) {
    if (e.buffer >= 0) continue;
    const int line = -e.buffer;
    const auto when = std::make_tuple(e.step, e.thread, e.seq);
    auto it = first_use.find(line);
    if (it == first_use.end() || when < it->second) first_use[line] = when;
    if (e.kind == LabOutOfBounds)
      oob_size[line] = static_cast<int>(e.value);
    else if (e.kind != LabBudgetStop)
      largest_index[line] = std::max(largest_index[line], e.index);
  }
  std::vector<std::pair<std::tuple<int, int, int>, int>> order;
  for (const auto& [line, when] : first_use) order.push_back({when, line});
  std::sort(order.begin(), order.end());
  std::vector<SharedArray> shared;
  std::map<int, int> id_of_line;
  for (const auto& entry : order) {
    const int line = entry.second;
    SharedArray a = parse_shared_declaration(job.source, line);
    if (oob_size.count(line)) a.size = oob_size[line];
    if (a.size <= 0) a.size = largest_index[line] + 1;
    id_of_line[line] = arrays + static_cast<int>(shared.size());
    shared.push_back(a);
  }
  for (LabEvent& e : events)
    if (e.buffer < 0) e.buffer = static_cast<short>(id_of_line[-e.buffer]);
  sort_by_thread_seq(events, job.launch.threads());
  return shared;
}

Trace build_trace(const Job& job, const std::vector<LabEvent>& events,
                  const std::vector<SharedArray>& shared,
                  std::vector<std::vector<int32_t>>& lines) {
  Trace trace;
  bool any_float = false;
  for (const Arg& a : job.args) {
    if (!a.is_array) continue;
    TraceBuffer b;
    b.name = a.name;
    b.space = MemSpace::Global;
    b.size = static_cast<int32_t>(a.values.size());
    b.initial = a.values;
    b.type = trace_value_type(a.type);
    b.elem_bytes = elem_type_bytes(a.type);
    any_float |= a.type == ElemType::F32;
    trace.buffers.push_back(std::move(b));
  }
  const int blocks = job.launch.blocks();
  for (const SharedArray& s : shared) {
    TraceBuffer b;
    b.name = s.name;
    b.space = MemSpace::Shared;
    b.size = s.size;
    b.blocks = blocks;
    b.initial.assign(static_cast<size_t>(s.size) * static_cast<size_t>(blocks),
                     std::numeric_limits<double>::quiet_NaN());
    b.type = trace_value_type(s.type);
    b.elem_bytes = elem_type_bytes(s.type);
    any_float |= s.type == ElemType::F32;
    trace.buffers.push_back(std::move(b));
  }
  trace.type = any_float ? ValueType::Float32 : ValueType::Int32;
  trace.elem_bytes = 4;

  std::vector<const LabEvent*> kept;
  int steps = 1;
  for (const LabEvent& e : events)
    if (traced_kind(e) && e.buffer >= 0 && e.buffer < static_cast<int>(trace.buffers.size())) {
      kept.push_back(&e);
      steps = std::max(steps, e.step + 1);
    }
  // Events in (thread, seq) order fall into their steps in (step, thread, seq) order.
  if (!std::is_sorted(kept.begin(), kept.end(),
                      [](const LabEvent* a, const LabEvent* b) { return by_thread_seq(*a, *b); }))
    std::stable_sort(kept.begin(), kept.end(),
                     [](const LabEvent* a, const LabEvent* b) { return by_thread_seq(*a, *b); });
  trace.steps.resize(static_cast<size_t>(steps));
  lines.assign(static_cast<size_t>(steps), {});
  for (int s = 0; s < steps; ++s) {
    TraceStep& step = trace.steps[static_cast<size_t>(s)];
    step.label = "phase " + std::to_string(s);
    step.phase = "phase";
    step.grid_dim = blocks;
    step.block_dim = job.launch.threads_per_block();
    step.barriers = s + 1 < steps ? 1 : 0;
  }
  std::vector<size_t> per_step(static_cast<size_t>(steps), 0);
  for (const LabEvent* e : kept) ++per_step[static_cast<size_t>(e->step)];
  for (int s = 0; s < steps; ++s) {
    trace.steps[static_cast<size_t>(s)].events.reserve(per_step[static_cast<size_t>(s)]);
    lines[static_cast<size_t>(s)].reserve(per_step[static_cast<size_t>(s)]);
  }
  for (const LabEvent* e : kept) {
    TraceEvent t{};
    t.step = e->step;
    t.thread = e->thread;
    t.address = e->index;
    t.buffer = e->buffer;
    t.kind = e->kind == LabRead ? EventKind::Read
                                : (e->kind == LabWrite ? EventKind::Write : EventKind::Atomic);
    t.vector_part = 0;
    t.value = e->value;
    trace.steps[static_cast<size_t>(e->step)].events.push_back(t);
    lines[static_cast<size_t>(e->step)].push_back(e->line);
  }
  return trace;
}

void finish_result(const Job& job, std::vector<LabEvent> events, Result& result) {
  const std::vector<SharedArray> shared = renumber_shared(job, events);
  result.trace = build_trace(job, events, shared, result.lines);
  std::vector<Diagnostic> found = analyse(job, result.trace, result.lines, events);
  result.diagnostics.insert(result.diagnostics.end(), found.begin(), found.end());
  result.raw = std::move(events);
}

}  // namespace ws::lab
