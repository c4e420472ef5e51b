// CPU twin of segmented_reduce.cu: the segmented Kogge-Stone reduction in one block, level by
// level with barrier semantics (every thread reads the previous level's shared arrays, then all
// write), emitting the same events in the same per-thread order as the instrumented kernel.
#include <limits>
#include <string>
#include <type_traits>

#include "../common/error.h"
#include "segmented_reduce.h"

namespace ws::reduce {

namespace {

enum SegmentedBuffer : int { kValues, kHeads, kSegment, kSharedValues, kSharedFlags, kTotals };

void require_segmented_input(const SegmentedInput& in) {
  const size_t n = in.values.size();
  WS_REQUIRE(n >= 1, std::string("--segments: a segmented reduction needs at least one value"));
  WS_REQUIRE(n <= size_t(kSegmentedMaxN), "--segments: at most " + std::to_string(kSegmentedMaxN) +
                                              " values (one block, one thread each), got " +
                                              std::to_string(n));
  WS_REQUIRE(in.heads.size() == n, std::string("--segments: one head flag per value"));
  WS_REQUIRE(in.heads[0] != 0, std::string("--segments: the first value must start a segment"));
}

template <class T>
class SegmentedModel {
 public:
  SegmentedModel(BinaryOp op, Trace& trace) : op_(op), trace_(trace) {}

  std::vector<double> run(const SegmentedInput& in) {
    const int n = static_cast<int>(in.values.size());
    const std::vector<int32_t> segment = segment_of_each(in.heads);
    const int segments = segment.back() + 1;
    trace_.op = op_;
    trace_.type = std::is_same_v<T, float> ? ValueType::Float32 : ValueType::Int32;
    trace_.serial_ops = n - segments;
    std::vector<T> values(in.values.begin(), in.values.end());
    add_buffer("values", MemSpace::Global, n, trace_.type,
               std::vector<double>(values.begin(), values.end()));
    add_buffer("heads", MemSpace::Global, n, ValueType::Int32,
               std::vector<double>(in.heads.begin(), in.heads.end()));
    add_buffer("segment", MemSpace::Global, n, ValueType::Int32,
               std::vector<double>(segment.begin(), segment.end()));
    const double unwritten = std::numeric_limits<double>::quiet_NaN();
    add_buffer("shared values", MemSpace::Shared, n, trace_.type,
               std::vector<double>(n, unwritten));
    add_buffer("shared flags", MemSpace::Shared, n, ValueType::Int32,
               std::vector<double>(n, unwritten));
    add_buffer("totals", MemSpace::Global, segments, trace_.type,
               std::vector<double>(segments, unwritten));

    std::vector<T> v(values);  // the shared arrays
    std::vector<int> f(in.heads.begin(), in.heads.end());
    begin_step("load", "load", "@load", 1, n);
    for (int i = 0; i < n; ++i) {
      emit(i, kValues, EventKind::Read, i, values[i]);
      emit(i, kHeads, EventKind::Read, i, in.heads[i]);
      emit(i, kSharedValues, EventKind::Write, i, values[i]);
      emit(i, kSharedFlags, EventKind::Write, i, in.heads[i]);
    }
    for (int d = 1; d < n; d *= 2) {
      begin_step("offset " + std::to_string(d), "tree", "@tree", 2, n);
      const std::vector<T> v_before = v;
      const std::vector<int> f_before = f;
      for (int i = d; i < n; ++i) {
        if (f_before[i]) continue;  // a head lies within its window: its segment is complete
        const T left = v_before[i - d];
        emit(i, kSharedValues, EventKind::Read, i - d, left);
        emit(i, kSharedFlags, EventKind::Read, i - d, f_before[i - d]);
        v[i] = apply_op<T>(op_, left, v_before[i]);
        emit(i, kSharedValues, EventKind::Op, i, v[i]);
        f[i] = f_before[i - d];
        emit(i, kSharedValues, EventKind::Write, i, v[i]);
        emit(i, kSharedFlags, EventKind::Write, i, f[i]);
      }
    }
    begin_step("segment totals", "finish", "@store", 0, n);
    std::vector<double> totals(segments);
    for (int i = 0; i < n; ++i) {
      const bool last = i + 1 == n || in.heads[i + 1];
      if (i + 1 < n) emit(i, kHeads, EventKind::Read, i + 1, in.heads[i + 1]);
      if (!last) continue;
      emit(i, kSegment, EventKind::Read, i, segment[i]);
      emit(i, kTotals, EventKind::Write, segment[i], v[i]);
      totals[segment[i]] = static_cast<double>(v[i]);
    }
    return totals;
  }

 private:
  void add_buffer(const std::string& name, MemSpace space, int size, ValueType type,
                  std::vector<double> initial) {
    TraceBuffer b;
    b.name = name;
    b.space = space;
    b.size = size;
    b.type = type;
    b.atomic_op = op_;
    b.initial = std::move(initial);
    trace_.buffers.push_back(std::move(b));
  }
  void begin_step(const std::string& label, const char* phase, const char* marker, int barriers,
                  int n) {
    TraceStep s;
    s.label = label;
    s.phase = phase;
    s.code_marker = marker;
    s.block_dim = n;
    s.barriers = barriers;
    trace_.steps.push_back(std::move(s));
  }
  template <class V>
  void emit(int thread, int buffer, EventKind kind, int address, V value) {
    TraceEvent e{};
    e.step = static_cast<int32_t>(trace_.steps.size()) - 1;
    e.thread = thread;
    e.address = address;
    e.buffer = static_cast<int16_t>(buffer);
    e.kind = kind;
    e.value = static_cast<double>(value);
    trace_.steps.back().events.push_back(e);
  }

  const BinaryOp op_;
  Trace& trace_;
};

}  // namespace

std::vector<int32_t> segment_of_each(const std::vector<uint8_t>& heads) {
  std::vector<int32_t> segment(heads.size());
  int32_t current = -1;
  for (size_t i = 0; i < heads.size(); ++i) segment[i] = current += heads[i] ? 1 : 0;
  return segment;
}

SegmentedRun segmented_teach_cpu(BinaryOp op, ValueType type, const SegmentedInput& in) {
  require_segmented_input(in);
  SegmentedRun run;
  if (type == ValueType::Int32)
    run.totals = SegmentedModel<int32_t>(op, run.trace).run(in);
  else
    run.totals = SegmentedModel<float>(op, run.trace).run(in);
  return run;
}

std::vector<double> segmented_serial(BinaryOp op, ValueType type, const SegmentedInput& in) {
  std::vector<double> totals;
  std::vector<double> segment;
  for (size_t i = 0; i <= in.values.size(); ++i) {
    if (i == in.values.size() || (in.heads[i] && !segment.empty())) {
      if (type == ValueType::Int32) {
        int32_t acc = identity_of<int32_t>(op);
        for (double x : segment) acc = apply_op<int32_t>(op, acc, static_cast<int32_t>(x));
        totals.push_back(acc);
      } else {
        float acc = identity_of<float>(op);
        for (double x : segment) acc = apply_op<float>(op, acc, static_cast<float>(x));
        totals.push_back(acc);
      }
      segment.clear();
    }
    if (i < in.values.size()) segment.push_back(in.values[i]);
  }
  return totals;
}

}  // namespace ws::reduce
