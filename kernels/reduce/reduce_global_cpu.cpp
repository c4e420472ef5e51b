// CPU twin of reduce_global.cu: variants 8-10 reduce in place in global memory. It runs the
// kernels' schedule block by block and level by level and emits the same trace events, in the
// same per-thread order, as the instrumented CUDA kernels (layout: reduce_global.h). Within a
// level no thread reads an element another thread writes (8: writes at multiples of 2*stride,
// reads at odd multiples of stride; 9, 10: writes below the stride, reads at or above it), so
// writes land at once and the result equals a barrier's.
#include <chrono>
#include <limits>
#include <string>
#include <type_traits>

#include "../common/error.h"
#include "../common/timing.h"
#include "reduce_global.h"

namespace ws::reduce {

namespace {

template <class T>
class GlobalModel {
 public:
  GlobalModel(const Params& p, Trace& trace, bool record) : p_(p), trace_(trace), record_(record) {}

  // `values` is the input, already padded to the first pass's n.
  T run(std::vector<T> values, const std::vector<GlobalPass>& passes) {
    trace_.op = p_.op;
    trace_.type = std::is_same_v<T, float> ? ValueType::Float32 : ValueType::Int32;
    trace_.serial_ops = static_cast<int64_t>(values.size()) - 1;
    int input = add_buffer("input", values);
    data_.push_back(std::move(values));
    const int result = add_buffer("result", {T{}});
    data_.push_back({T{}});
    if (record_) trace_.buffers[result].initial = {std::numeric_limits<double>::quiet_NaN()};
    for (size_t k = 0; k < passes.size(); ++k) {
      const GlobalPass& pass = passes[k];
      prefix_ = passes.size() == 1 ? "" : "pass " + std::to_string(k + 1) + ": ";
      int output = result;
      if (!pass.last) {
        output = add_buffer(k == 0 ? "partials" : "partials " + std::to_string(k + 1),
                            std::vector<T>(size_t(passes[k + 1].n), identity_of<T>(p_.op)));
        data_.emplace_back(size_t(passes[k + 1].n), identity_of<T>(p_.op));
        if (record_)  // not yet written (fast mode's padding keeps the identity)
          trace_.buffers[output].initial.assign(size_t(passes[k + 1].n),
                                                std::numeric_limits<double>::quiet_NaN());
      }
      run_pass(pass, input, output);
      input = output;
    }
    return data_[result][0];
  }

 private:
  int add_buffer(const std::string& name, const std::vector<T>& initial) {
    TraceBuffer b;
    b.name = name;
    b.space = MemSpace::Global;
    b.size = static_cast<int32_t>(initial.size());
    b.type = trace_.type;
    b.atomic_op = p_.op;
    if (record_) b.initial.assign(initial.begin(), initial.end());
    trace_.buffers.push_back(std::move(b));
    return static_cast<int>(trace_.buffers.size()) - 1;
  }
  void begin_step(const std::string& label, const char* phase, const char* marker, int barriers,
                  const GlobalPass& pass) {
    if (!record_) return;
    TraceStep s;
    s.label = prefix_ + label;
    s.phase = phase;
    s.code_marker = marker;
    s.grid_dim = pass.grid_dim;
    s.block_dim = pass.block_dim;
    s.barriers = barriers;
    trace_.steps.push_back(std::move(s));
  }
  void emit(int64_t thread, int buffer, EventKind kind, int64_t address, T value) {
    if (!record_) return;
    TraceEvent e{};
    e.step = static_cast<int32_t>(trace_.steps.size()) - 1;
    e.thread = static_cast<int32_t>(thread);
    e.address = static_cast<int32_t>(address);
    e.buffer = static_cast<int16_t>(buffer);
    e.kind = kind;
    e.value = static_cast<double>(value);
    trace_.steps.back().events.push_back(e);
  }
  // input[dst] += input[src] (op for other operators): read, read, op, write.
  void combine(int64_t thread, int buffer, int64_t dst, int64_t src) {
    std::vector<T>& a = data_[buffer];
    const T x = a[dst];
    emit(thread, buffer, EventKind::Read, dst, x);
    const T y = a[src];
    emit(thread, buffer, EventKind::Read, src, y);
    const T r = apply_op<T>(p_.op, x, y);
    emit(thread, buffer, EventKind::Op, dst, r);
    a[dst] = r;
    emit(thread, buffer, EventKind::Write, dst, r);
  }

  void run_pass(const GlobalPass& pass, int input, int output) {
    const int B = pass.block_dim;
    auto level = [&](int stride, auto&& active) {
      begin_step("stride " + std::to_string(stride), "tree", "@tree", 1, pass);
      for (int block = 0; block < pass.grid_dim; ++block) {
        const int64_t base = block * pass.span;
        for (int t = 0; t < B; ++t) active(int64_t{block} * B + t, base, t, stride);
      }
    };
    switch (p_.variant) {
      case Variant::SimpleGlobal:
        for (int stride = 1; stride <= B; stride *= 2)
          level(stride, [&](int64_t tid, int64_t base, int t, int s) {
            if (t % s == 0) combine(tid, input, base + 2 * t, base + 2 * t + s);
          });
        break;
      case Variant::ConvergentGlobal:
        for (int stride = B; stride >= 1; stride /= 2)
          level(stride, [&](int64_t tid, int64_t base, int t, int s) {
            if (t < s) combine(tid, input, base + t, base + t + s);
          });
        break;
      default:  // ReduceGlobal
        for (int stride = B / 2; stride > 0; stride /= 2)
          level(stride, [&](int64_t tid, int64_t base, int t, int s) {
            if (t < s) combine(tid, input, base + t, base + t + s);
          });
        break;
    }
    begin_step(pass.last ? "store result" : "store block result", "finish", "@store", 0, pass);
    for (int block = 0; block < pass.grid_dim; ++block) {
      const int64_t tid = int64_t{block} * B;
      const T v = data_[input][block * pass.span];
      emit(tid, input, EventKind::Read, block * pass.span, v);
      data_[output][block] = v;
      emit(tid, output, EventKind::Write, block, v);
    }
  }

  const Params& p_;
  Trace& trace_;
  const bool record_;
  std::vector<std::vector<T>> data_;
  std::string prefix_;
};

template <class T>
std::vector<T> padded_input(const T* data, int64_t n, int64_t padded, BinaryOp op) {
  std::vector<T> values(data, data + n);
  values.resize(size_t(padded), identity_of<T>(op));
  return values;
}

template <class T>
TeachRun global_teach_typed(const Params& p, const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  const std::vector<GlobalPass> passes = plan_global_passes(p, n, true);
  std::vector<T> typed(values.size());
  for (size_t i = 0; i < values.size(); ++i) typed[i] = static_cast<T>(values[i]);
  TeachRun run;
  GlobalModel<T> model(p, run.trace, true);
  run.result = static_cast<double>(model.run(std::move(typed), passes));
  return run;
}

template <class T>
FastRun global_fast_typed(const Params& p, const T* data, int64_t n, int repeats) {
  const std::vector<GlobalPass> passes = plan_global_passes(p, n, false);
  FastRun run;
  run.n = n;
  std::vector<double> times;
  for (int r = 0; r < std::max(1, repeats); ++r) {
    std::vector<T> values = padded_input(data, n, passes.front().n, p.op);  // restore: untimed
    Trace unused;
    GlobalModel<T> model(p, unused, false);
    const auto start = std::chrono::steady_clock::now();
    run.result = static_cast<double>(model.run(std::move(values), passes));
    const std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;
    times.push_back(elapsed.count());
  }
  run.median_ms = median(std::move(times));
  run.gbps = static_cast<double>(n) * sizeof(T) / (run.median_ms * 1e6);
  return run;
}

}  // namespace

TeachRun teach_global_cpu(const Params& p, const std::vector<double>& values) {
  WS_REQUIRE(!values.empty(), std::string("a reduction needs at least one value"));
  return p.type == ValueType::Int32 ? global_teach_typed<int32_t>(p, values)
                                    : global_teach_typed<float>(p, values);
}

FastRun fast_global_cpu(const Params& p, const void* data, int64_t n, int repeats) {
  return p.type == ValueType::Int32
             ? global_fast_typed(p, static_cast<const int32_t*>(data), n, repeats)
             : global_fast_typed(p, static_cast<const float*>(data), n, repeats);
}

}  // namespace ws::reduce
