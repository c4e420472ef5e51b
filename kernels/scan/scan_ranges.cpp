// replay_ranges: which inputs x_lo..x_hi every cell holds after every step, replayed symbolically
// from a trace (the range table, and the flag on a race's corrupted combinations).
//
// Rules (the trace conventions of scan_model.h):
// - Input cell i (buffer 0) starts as the span [i, i]; every other cell starts Unknown.
// - Each thread collects the ranges it reads since its previous Op in the current step (a Read
//   right after a Write starts afresh: the reads before it fed that copy, as the single-pass
//   store's block prefix copied into an exclusive scan's first cell). An Op combines them: spans
//   that meet end to start merge, the identity is neutral, an overlap or a gap is Broken (an input
//   counted twice or missed), Unknown stays Unknown. An Op after a single read combines it with the
//   thread's register (its previous Op result or last written value: an accumulator, a shuffle
//   partner); after no read, the register alone.
// - A Write stores the last range read when the thread read after its last Op and its last Write
//   in the step (a copy); else the step's latest Op result when the value written is that
//   result; else (a constant, a register kept from an earlier step, the value just written
//   written again) the identity when the value written is the operator's identity, the register
//   when the value matches it, Unknown otherwise. A read feeds one copy: after a copy into a
//   buffer, the identity written into the same buffer is the identity (a tree scan's load puts it
//   into padding), while the same value written into another buffer is the register again (the
//   coarsened store's block sum), even when that value happens to equal the identity.
// - An Atomic combines the cell with the operand's range (taken as a Write takes it).
// - Which write a read saw: a thread sees its own writes of the step; another thread's write of
//   the same step only when the value read matches it and not the value at the step's start (a
//   schedule without a barrier, such as the Kogge-Stone race); otherwise the step's start. So a
//   race shows wherever it changed the value that was read.
// - The single-pass chain / look-back step (phase "chain" or "look-back", variants 8 and 9) follows
//   the buffers' roles, not values (flag values 1 and 2, the identity and equal prefixes coincide
//   with data values under min, max and products): thread 0 of each block reads its section's
//   total from "XY" (the aggregate); a read of "flags" is a status, not an operand; a read of a
//   predecessor's published value ("aggregates", "inclusive prefixes", "running totals") sees the
//   step's latest write of that cell (the flag said it is there) and is an operand. An Op folds the
//   operands read since the previous Op into the block's exclusive prefix (identity at first);
//   an Op into a published buffer (the block's own inclusive prefix) is that prefix combined with
//   the aggregate, any other Op the exclusive prefix itself. A Write into a published buffer
//   stores the Op just made into that cell, else the aggregate (published as it is); a Write into
//   "flags" holds the range of the value the thread published just before (an aggregate A: its
//   section; a prefix P: x_0 up to the end of its section); a Write into "block prefix" holds
//   the exclusive prefix. Any set of predecessors read this way (a nearer P, more A's) gives the
//   same ranges; a predecessor missed or counted twice gives Broken.
#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <vector>

#include "../common/error.h"
#include "scan.h"

namespace ws::scan {

namespace {

Range span(int32_t lo, int32_t hi) {
  Range r;
  r.kind = Range::Span;
  r.lo = lo;
  r.hi = hi;
  return r;
}
Range of_kind(Range::Kind kind) {
  Range r;
  r.kind = kind;
  return r;
}

Range combine(std::vector<Range> operands) {
  bool unknown = false;
  std::vector<Range> spans;
  for (const Range& r : operands) {
    if (r.kind == Range::Broken) return of_kind(Range::Broken);
    if (r.kind == Range::Unknown) unknown = true;
    if (r.kind == Range::Span) spans.push_back(r);
  }
  if (unknown) return of_kind(Range::Unknown);
  if (spans.empty()) return of_kind(Range::Identity);
  std::sort(spans.begin(), spans.end(), [](const Range& a, const Range& b) { return a.lo < b.lo; });
  for (size_t k = 1; k < spans.size(); ++k)
    if (spans[k].lo != spans[k - 1].hi + 1) return of_kind(Range::Broken);
  return span(spans.front().lo, spans.back().hi);
}

bool same_value(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || a == b;
}

double identity_value(const Trace& trace) {
  return trace.type == ValueType::Int32 ? static_cast<double>(identity_of<int32_t>(trace.op))
                                        : static_cast<double>(identity_of<float>(trace.op));
}

double apply_value(ValueType type, BinaryOp op, double a, double b) {
  if (type == ValueType::Int32)
    return apply_op<int32_t>(op, static_cast<int32_t>(a), static_cast<int32_t>(b));
  return apply_op<float>(op, static_cast<float>(a), static_cast<float>(b));
}

struct Cell {
  Range range;
  double value = std::nan("");
};

struct StepWrite {
  int32_t thread;
  Cell cell;
};

struct ThreadState {
  int64_t step = -1;         // the step `reads` and `op_in_step` belong to
  std::vector<Range> reads;  // since the previous Op in `step`
  bool fresh_read = false;   // a Read since the previous Op or Write in `step`
  bool wrote_last = false;   // the thread's latest event in `step` is a Write
  int write_buffer = -1;     // the buffer of the thread's latest Write in `step`
  bool op_in_step = false;
  Cell op_result;             // the latest Op in `step` (when op_in_step)
  bool has_register = false;  // the latest Op result or written value, across steps
  Cell reg;
  // The single-pass chain / look-back step only.
  int op_buffer = -1;  // the destination (buffer, address) of the latest Op in `step`
  int32_t op_address = -1;
  Range aggregate;              // the section total read from XY
  Range exclusive;              // the exclusive prefix combined so far (identity at first)
  std::vector<Range> operands;  // predecessors' values read since the previous Op
  Range last_write;             // the range of the latest Write in `step`
};

// What a buffer is to the single-pass chain / look-back step (by its name in the trace).
enum class Role : uint8_t { Other, Section, Status, Published, BlockPrefix };

Role role_of(const std::string& name) {
  if (name == "XY") return Role::Section;
  if (name == "flags") return Role::Status;
  if (name == "aggregates" || name == "inclusive prefixes" || name == "running totals")
    return Role::Published;
  if (name == "block prefix") return Role::BlockPrefix;
  return Role::Other;
}

class RangeReplay {
 public:
  explicit RangeReplay(const Trace& trace) : trace_(trace), identity_(identity_value(trace)) {
    for (size_t b = 0; b < trace.buffers.size(); ++b) {
      const TraceBuffer& buffer = trace.buffers[b];
      std::vector<Cell> cells(static_cast<size_t>(buffer.size) * buffer.blocks);
      for (size_t i = 0; i < cells.size() && i < buffer.initial.size(); ++i) {
        cells[i].value = buffer.initial[i];
        if (b == 0) cells[i].range = span(static_cast<int32_t>(i), static_cast<int32_t>(i));
      }
      state_.push_back(std::move(cells));
      roles_.push_back(role_of(buffer.name));
    }
    for (Role r : {Role::Section, Role::Status, Role::Published, Role::BlockPrefix})
      single_pass_buffers_ =
          single_pass_buffers_ && std::find(roles_.begin(), roles_.end(), r) != roles_.end();
  }

  std::vector<std::vector<std::vector<Range>>> run() {
    std::vector<std::vector<std::vector<Range>>> out;
    out.reserve(trace_.steps.size());
    for (size_t s = 0; s < trace_.steps.size(); ++s) {
      step_writes_.clear();
      const std::string& phase = trace_.steps[s].phase;
      const bool single_pass = single_pass_buffers_ && (phase == "chain" || phase == "look-back");
      for (const TraceEvent& e : trace_.steps[s].events) {
        if (e.kind == EventKind::Skip) continue;  // a predicated-off read: nothing moves
        if (single_pass && e.kind != EventKind::Atomic)
          apply_single_pass(static_cast<int64_t>(s), e);
        else
          apply(static_cast<int64_t>(s), e);
      }
      for (const auto& [key, writes] : step_writes_)
        state_[key.first][key.second] = writes.back().cell;
      std::vector<std::vector<Range>> snapshot;
      for (const auto& cells : state_) {
        std::vector<Range> ranges(cells.size());
        for (size_t i = 0; i < cells.size(); ++i) ranges[i] = cells[i].range;
        snapshot.push_back(std::move(ranges));
      }
      out.push_back(std::move(snapshot));
    }
    return out;
  }

 private:
  struct KeyHash {
    size_t operator()(const std::pair<int, int64_t>& k) const {
      return std::hash<int64_t>()(k.second * 64 + k.first);
    }
  };

  ThreadState& thread_in(int64_t step, int32_t thread) {
    ThreadState& t = threads_[thread];
    if (t.step != step) {
      t.step = step;
      t.reads.clear();
      t.fresh_read = false;
      t.wrote_last = false;
      t.write_buffer = -1;
      t.op_in_step = false;
      t.op_buffer = -1;
      t.op_address = -1;
      t.aggregate = of_kind(Range::Unknown);
      t.exclusive = of_kind(Range::Identity);
      t.operands.clear();
      t.last_write = of_kind(Range::Unknown);
    }
    return t;
  }

  void apply(int64_t step, const TraceEvent& e) {
    ThreadState& t = thread_in(step, e.thread);
    switch (e.kind) {
      case EventKind::Read:
        if (t.wrote_last) t.reads.clear();  // those fed the copy just written
        t.reads.push_back(seen_by(e, locate(step, e)).range);
        t.fresh_read = true;
        t.wrote_last = false;
        break;
      case EventKind::Op: {
        std::vector<Range> operands = t.reads;
        if (operands.size() <= 1 && t.has_register) operands.push_back(t.reg.range);
        t.reg = Cell{combine(operands), e.value};
        t.op_result = t.reg;
        t.has_register = true;
        t.op_in_step = true;
        t.reads.clear();
        t.fresh_read = false;
        t.wrote_last = false;
        break;
      }
      case EventKind::Write: {
        const Cell cell{written_range(t, e.value, e.buffer), e.value};
        record_write(locate(step, e), e.thread, cell);
        t.reg = cell;
        t.has_register = true;
        t.fresh_read = false;
        t.wrote_last = true;
        t.write_buffer = e.buffer;
        break;
      }
      case EventKind::Atomic: {
        const std::pair<int, int64_t> key = locate(step, e);
        const Cell old = seen_by(e, key, true);
        const TraceBuffer& buffer = trace_.buffers[e.buffer];
        const Cell cell{combine({old.range, written_range(t, e.value, e.buffer)}),
                        apply_value(buffer.type, buffer.atomic_op, old.value, e.value)};
        record_write(key, e.thread, cell);
        break;
      }
      case EventKind::Skip:  // run() passes none
        break;
    }
  }

  // The chain / look-back step (see the header): roles of the buffers, not values.
  void apply_single_pass(int64_t step, const TraceEvent& e) {
    ThreadState& t = thread_in(step, e.thread);
    const std::pair<int, int64_t> key = locate(step, e);
    const Role role = roles_[static_cast<size_t>(e.buffer)];
    if (e.kind == EventKind::Read) {
      if (role == Role::Status) return;  // a flag: whether the value is there, not a value
      if (role == Role::Section) {
        t.aggregate = seen_by(e, key).range;
      } else if (role == Role::Published) {
        const auto it = step_writes_.find(key);  // published before its flag was seen
        t.operands.push_back(it != step_writes_.end() ? it->second.back().cell.range
                                                      : state_[key.first][key.second].range);
      } else {
        t.operands.push_back(seen_by(e, key).range);
      }
      return;
    }
    if (e.kind == EventKind::Op) {
      fold_exclusive(t);
      const Range result =
          role == Role::Published ? combine({t.exclusive, t.aggregate}) : t.exclusive;
      t.op_result = Cell{result, e.value};
      t.op_in_step = true;
      t.op_buffer = e.buffer;
      t.op_address = e.address;
      t.reg = t.op_result;
      t.has_register = true;
      return;
    }
    Range range = t.aggregate;  // a Write
    if (role == Role::Status) {
      range = t.last_write;
    } else if (role == Role::BlockPrefix) {
      fold_exclusive(t);
      range = t.exclusive;
    } else if (t.op_in_step && t.op_buffer == e.buffer && t.op_address == e.address) {
      range = t.op_result.range;
    }
    const Cell cell{range, e.value};
    record_write(key, e.thread, cell);
    t.last_write = range;
    t.reg = cell;
    t.has_register = true;
    t.write_buffer = e.buffer;
  }

  static void fold_exclusive(ThreadState& t) {
    if (t.operands.empty()) return;
    t.operands.push_back(t.exclusive);
    t.exclusive = combine(t.operands);
    t.operands.clear();
  }

  Range written_range(const ThreadState& t, double value, int buffer) const {
    if (t.fresh_read) return t.reads.back();
    if (t.op_in_step && same_value(value, t.op_result.value)) return t.op_result.range;
    const bool again_elsewhere = t.write_buffer >= 0 && t.write_buffer != buffer;
    if (again_elsewhere && same_value(value, t.reg.value)) return t.reg.range;
    if (same_value(value, identity_)) return of_kind(Range::Identity);
    if (t.has_register && same_value(value, t.reg.value)) return t.reg.range;
    return of_kind(Range::Unknown);
  }

  std::pair<int, int64_t> locate(int64_t step, const TraceEvent& e) const {
    WS_REQUIRE(e.buffer >= 0 && e.buffer < static_cast<int>(state_.size()),
               "trace event names an unknown buffer");
    const TraceBuffer& buffer = trace_.buffers[e.buffer];
    int64_t index = e.address;
    if (buffer.space == MemSpace::Shared)
      index += int64_t{e.thread / trace_.steps[step].block_dim} * buffer.size;
    WS_REQUIRE(index >= 0 && index < static_cast<int64_t>(state_[e.buffer].size()),
               "trace event outside buffer '" + buffer.name + "'");
    return {e.buffer, index};
  }

  // The cell as thread e.thread sees it (see the header: own writes, then a matching write of
  // another thread, then the step's start). An atomic sees the latest write of the step.
  Cell seen_by(const TraceEvent& e, const std::pair<int, int64_t>& key, bool latest = false) const {
    const Cell& start = state_[key.first][key.second];
    const auto it = step_writes_.find(key);
    if (it == step_writes_.end()) return start;
    const std::vector<StepWrite>& writes = it->second;
    if (latest) return writes.back().cell;
    for (auto w = writes.rbegin(); w != writes.rend(); ++w)
      if (w->thread == e.thread) return w->cell;
    if (same_value(e.value, start.value)) return start;
    for (auto w = writes.rbegin(); w != writes.rend(); ++w)
      if (same_value(e.value, w->cell.value)) return w->cell;
    return start;
  }

  void record_write(const std::pair<int, int64_t>& key, int32_t thread, const Cell& cell) {
    step_writes_[key].push_back(StepWrite{thread, cell});
  }

  const Trace& trace_;
  double identity_;
  std::vector<std::vector<Cell>> state_;
  std::vector<Role> roles_;          // by buffer
  bool single_pass_buffers_ = true;  // XY, flags, a published buffer and the block prefix
  std::unordered_map<std::pair<int, int64_t>, std::vector<StepWrite>, KeyHash> step_writes_;
  std::unordered_map<int32_t, ThreadState> threads_;
};

}  // namespace

std::vector<std::vector<std::vector<Range>>> replay_ranges(const Trace& trace) {
  return RangeReplay(trace).run();
}

}  // namespace ws::scan
