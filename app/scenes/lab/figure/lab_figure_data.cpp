#include "lab_figure_data.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace ws::app {

namespace {

// Warp-level global memory instructions of one step, grouped as counters.cpp groups them: the
// n-th access of a kind to a buffer by each lane of a warp is one instruction.
int64_t lab_global_instructions(const Trace& trace, const TraceStep& step) {
  const int warp = trace.warp_size;
  const int warps_per_block = (step.block_dim + warp - 1) / warp;
  std::map<std::tuple<int32_t, int, int>, int> ordinals;  // (thread, buffer, kind) -> next
  std::set<std::tuple<int64_t, int, int, int>> instructions;
  for (const TraceEvent& e : step.events) {
    if (e.kind != EventKind::Read && e.kind != EventKind::Write && e.kind != EventKind::Skip)
      continue;
    if (e.buffer < 0 || e.buffer >= static_cast<int>(trace.buffers.size())) continue;
    if (trace.buffers[e.buffer].space != MemSpace::Global) continue;
    const int kind = static_cast<int>(e.kind == EventKind::Skip ? EventKind::Read : e.kind);
    const int ordinal = ordinals[{e.thread, e.buffer, kind}]++;
    if (e.kind == EventKind::Skip) continue;
    const int64_t block = e.thread / step.block_dim;
    const int64_t warp_id = block * warps_per_block + (e.thread % step.block_dim) / warp;
    instructions.insert({warp_id, e.buffer, kind, ordinal});
  }
  return static_cast<int64_t>(instructions.size());
}

// The step of the thread's recorded access at (line, buffer, index); -1 when the run has none.
int lab_step_of_access(const lab::Result& r, const lab::Diagnostic& d, bool match_index) {
  int fallback = -1;
  for (const lab::LabEvent& e : r.raw) {
    if (e.thread != d.thread) continue;
    if (d.line > 0 && e.line != d.line) continue;
    if (fallback < 0) fallback = e.step;
    const bool same_buffer = d.buffer < 0 || e.buffer == d.buffer;
    if (same_buffer && (!match_index || e.index == d.index)) return e.step;
  }
  return fallback;
}

// The flat cell of a diagnostic's element in its buffer's row (shared: block * size + index).
int64_t lab_cell_of(const Trace& trace, const lab::Diagnostic& d, int step) {
  if (d.buffer < 0 || d.buffer >= static_cast<int>(trace.buffers.size()) || d.index < 0) return -1;
  const TraceBuffer& b = trace.buffers[d.buffer];
  if (d.index >= b.size) return -1;
  if (b.space != MemSpace::Shared) return d.index;
  int block = d.block;
  if (block < 0 && d.thread >= 0 && step >= 0 && step < static_cast<int>(trace.steps.size()))
    block = d.thread / std::max(1, trace.steps[step].block_dim);
  return block < 0 ? -1 : int64_t{block} * b.size + d.index;
}

// The last step that wrote the cell (the row where its value appears), else the last step.
int lab_last_writer_step(const Trace& trace, int buffer, int64_t cell) {
  for (int s = static_cast<int>(trace.steps.size()) - 1; s >= 0; --s) {
    const TraceStep& step = trace.steps[s];
    for (const TraceEvent& e : step.events) {
      if ((e.kind != EventKind::Write && e.kind != EventKind::Atomic) || e.buffer != buffer)
        continue;
      int64_t flat = e.address;
      if (trace.buffers[buffer].space == MemSpace::Shared)
        flat += int64_t{e.thread / step.block_dim} * trace.buffers[buffer].size;
      if (flat == cell) return s;
    }
  }
  return static_cast<int>(trace.steps.size()) - 1;
}

}  // namespace

LabFigureData lab_figure_data(const lab::Result& result) {
  LabFigureData out;
  const Trace& trace = result.trace;
  const int steps = static_cast<int>(trace.steps.size());
  if (steps > 0) {
    out.snapshots = replay_snapshots(trace);
    out.counters = compute_counters(trace);
    for (const TraceStep& step : trace.steps)
      out.global_accesses.push_back(lab_global_instructions(trace, step));
    for (int s = 0; s < steps; ++s) out.step_lines.push_back(lines_of_step(result, s));
  }
  auto mark_wrong = [&](int step, int buffer, int64_t cell) {
    if (out.wrong.empty()) {  // made on the first wrong cell: most runs have none
      out.wrong.resize(steps);
      for (auto& per_step : out.wrong) {
        per_step.resize(trace.buffers.size());
        for (size_t b = 0; b < trace.buffers.size(); ++b)
          per_step[b].assign(size_t(trace.buffers[b].size) * trace.buffers[b].blocks, false);
      }
    }
    out.wrong[size_t(step)][size_t(buffer)][size_t(cell)] = true;
  };
  for (int i = 0; i < static_cast<int>(result.diagnostics.size()); ++i) {
    const lab::Diagnostic& d = result.diagnostics[i];
    LabMark mark;
    mark.diagnostic = i;
    mark.thread = d.thread;
    mark.other_thread = d.other_thread;
    mark.buffer = d.buffer;
    switch (d.kind) {
      case lab::DiagKind::OutOfBounds:
        mark.step = lab_step_of_access(result, d, true);
        out.out_of_bounds.push_back(mark);
        break;
      case lab::DiagKind::Race:
        mark.step = lab_step_of_access(result, d, true);
        mark.cell = lab_cell_of(trace, d, mark.step);
        out.races.push_back(mark);
        break;
      case lab::DiagKind::WrongAnswer:
        mark.cell = lab_cell_of(trace, d, -1);
        if (steps > 0 && mark.cell >= 0) {
          mark.step = lab_last_writer_step(trace, d.buffer, mark.cell);
          for (int s = mark.step; s < steps; ++s) mark_wrong(s, d.buffer, mark.cell);
        }
        out.wrong_cells.push_back(mark);
        break;
      default:
        break;
    }
  }
  return out;
}

std::vector<int> lines_of_step(const lab::Result& result, int step) {
  if (step < 0 || step >= static_cast<int>(result.lines.size())) return {};
  const std::set<int> lines(result.lines[step].begin(), result.lines[step].end());
  std::vector<int> out;
  for (int line : lines)
    if (line > 0) out.push_back(line);
  return out;
}

int lab_arg_of_buffer(const std::vector<lab::Arg>& args, int buffer) {
  int seen = 0;
  for (size_t a = 0; a < args.size(); ++a)
    if (args[a].is_array && seen++ == buffer) return static_cast<int>(a);
  return -1;
}

double sectors_per_request(const LabFigureData& data, int step) {
  if (step < 0 || step >= static_cast<int>(data.global_accesses.size())) return 0;
  if (step >= static_cast<int>(data.counters.per_step.size())) return 0;
  const int64_t requests = data.global_accesses[step];
  return requests > 0 ? double(data.counters.per_step[step].global_requests) / double(requests) : 0;
}

}  // namespace ws::app
