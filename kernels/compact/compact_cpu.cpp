// Compaction on the CPU: the teach twin (the CUDA kernels' schedule step by step, thread by
// thread, through scan::TraceModel so both backends emit the same trace), fast mode (the same
// three phases over whole arrays) and std::copy_if as the library.
#include <algorithm>
#include <string>
#include <type_traits>

#include "common/timing.h"
#include "compact_internal.h"
#include "compact_predicate.h"
#include "scan/scan_model.h"

namespace ws::compact {

namespace {

// Trace buffer indices (compact.h lists them).
enum Buf { kInput = 0, kFlags, kPositions, kOutput, kXY, kBlockSums, kBlockOffsets };

template <class T>
TeachRun teach_typed(const Params& p, const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  const int B = resolve_block_dim(p, n);
  const int G = static_cast<int>(std::max<int64_t>(1, (n + B - 1) / B));
  TeachRun run;
  Trace& trace = run.trace;
  trace.op = BinaryOp::Sum;
  trace.op_label = "add";
  trace.serial_ops = scan::serial_ops_for(n, false);
  scan::TraceModel<T> m(trace, true);

  std::vector<T> input(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) input[i] = to_element<T>(values[i]);
  m.add_buffer("input", MemSpace::Global, n, 1, input);
  m.add_buffer("flags", MemSpace::Global, n, 1);
  m.add_buffer("positions", MemSpace::Global, n, 1);
  m.add_buffer("output", MemSpace::Global, n, 1);
  m.add_buffer("XY", MemSpace::Shared, B, G);
  m.add_buffer("block sums", MemSpace::Global, G, 1);
  m.add_buffer("block offsets", MemSpace::Global, G, 1);
  for (int b = kFlags; b <= kBlockOffsets; ++b) {
    if (b != kOutput) trace.buffers[b].type = ValueType::Int32;  // counts, whatever the values
  }
  const PredicateSpec& pred = p.predicate;

  m.begin_step("flag = " + describe(pred), "predicate", "@predicate", G, B, 1);
  for (int64_t i = 0; i < n; ++i) {
    const T x = m.read(i, kInput, i);
    m.write(i, kFlags, i, T(keeps_value(pred.kind, pred.threshold, x) ? 1 : 0));
  }
  m.begin_step("load XY[t] = flags[i - 1] (0 at t = 0)", "scan", "@load", G, B, 1);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t t = i % B;
    m.write(i, kXY, t, t > 0 ? m.read(i, kFlags, i - 1) : T(0));
  }
  for (int s = 1; s < B; s *= 2) {
    m.begin_step("stride " + std::to_string(s), "scan", "@ks-step", G, B, 2);
    for (int64_t i = 0; i < n; ++i) {
      const int64_t t = i % B;
      if (t < s) continue;
      const T a = m.read(i, kXY, t - s);
      const T b = m.read(i, kXY, t);
      m.write(i, kXY, t, m.op(i, kXY, t, T(a + b)));
    }
  }
  m.begin_step("positions[i] = XY[t]; last thread: block sum", "scan", "@store", G, B, 0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t t = i % B;
    const T v = m.read(i, kXY, t);
    m.write(i, kPositions, i, v);
    if (t == B - 1 || i == n - 1) {
      const T f = m.read(i, kFlags, i);
      m.write(i, kBlockSums, i / B, m.op(i, kBlockSums, i / B, T(v + f)));
    }
  }
  m.begin_step("scan of the block sums (one thread)", "block sums", "@block-sums", 1, 1, 0);
  T acc = 0;
  for (int b = 0; b < G && n > 0; ++b) {
    m.write(0, kBlockOffsets, b, acc);
    if (b + 1 < G) acc = m.op(0, kBlockOffsets, b + 1, T(acc + m.read(0, kBlockSums, b)));
  }
  m.begin_step("positions[i] += block offset", "add back", "@add-back", G, B, 0);
  for (int64_t i = B; i < n; ++i) {
    const T pos = m.read(i, kPositions, i);
    const T off = m.read(i, kBlockOffsets, i / B);
    m.write(i, kPositions, i, m.op(i, kPositions, i, T(pos + off)));
  }
  m.begin_step("output[positions[i]] = input[i] where flags[i]", "scatter", "@scatter", G, B, 0);
  for (int64_t i = 0; i < n; ++i) {
    if (m.read(i, kFlags, i) == T(0)) continue;
    const T pos = m.read(i, kPositions, i);
    m.write(i, kOutput, static_cast<int64_t>(pos), m.read(i, kInput, i));
  }
  m.finish();

  run.input.assign(input.begin(), input.end());
  run.flags.assign(m.state(kFlags).begin(), m.state(kFlags).end());
  run.positions.assign(m.state(kPositions).begin(), m.state(kPositions).end());
  run.kept = n > 0 ? static_cast<int64_t>(run.positions[n - 1] + run.flags[n - 1]) : 0;
  run.output.assign(m.state(kOutput).begin(), m.state(kOutput).begin() + run.kept);
  return run;
}

// The three phases over whole arrays: flags, exclusive scan, scatter.
template <class T>
int64_t compact_phases(const PredicateSpec& pred, const T* in, T* out, int64_t n,
                       std::vector<int32_t>& flags, std::vector<int32_t>& positions) {
  for (int64_t i = 0; i < n; ++i) flags[i] = keeps_value(pred.kind, pred.threshold, in[i]);
  int32_t running = 0;
  for (int64_t i = 0; i < n; ++i) {
    positions[i] = running;
    running += flags[i];
  }
  for (int64_t i = 0; i < n; ++i) {
    if (flags[i]) out[positions[i]] = in[i];
  }
  return running;
}

template <class T>
scan::FastRun fast_typed(const Params& p, const T* in, T* out, int64_t n, int repeats,
                         int64_t* kept, bool library) {
  std::vector<T> scratch;
  if (out == nullptr) {
    scratch.resize(static_cast<size_t>(n));
    out = scratch.data();
  }
  std::vector<int32_t> flags, positions;
  if (!library) {
    flags.resize(static_cast<size_t>(n));
    positions.resize(static_cast<size_t>(n));
  }
  const PredicateSpec pred = p.predicate;
  int64_t count = 0;
  scan::FastRun run;
  run.n = n;
  run.median_ms = host_median_ms(repeats, [&] {
    if (library) {
      count = std::copy_if(in, in + n, out,
                           [&](T v) { return keeps_value(pred.kind, pred.threshold, v); }) -
              out;
    } else {
      count = compact_phases(pred, in, out, n, flags, positions);
    }
  });
  run.gbps = compaction_gbps(n, count, run.median_ms);
  if (kept != nullptr) *kept = count;
  return run;
}

scan::FastRun fast_dispatch(const Params& p, const void* in, void* out, int64_t n, int repeats,
                            int64_t* kept, bool library) {
  validate(p, n, false);
  WS_REQUIRE(n <= scan::kCpuFastMaxN, "the CPU compacts at most " +
                                          std::to_string(scan::kCpuFastMaxN) + " elements, not " +
                                          std::to_string(n));
  if (p.type == ValueType::Float32) {
    return fast_typed(p, static_cast<const float*>(in), static_cast<float*>(out), n, repeats, kept,
                      library);
  }
  return fast_typed(p, static_cast<const int32_t*>(in), static_cast<int32_t*>(out), n, repeats,
                    kept, library);
}

}  // namespace

TeachRun teach_cpu(const Params& p, const std::vector<double>& values) {
  validate(p, static_cast<int64_t>(values.size()), true);
  return p.type == ValueType::Float32 ? teach_typed<float>(p, values)
                                      : teach_typed<int32_t>(p, values);
}

scan::FastRun fast_cpu(const Params& p, const void* in, void* out, int64_t n, int repeats,
                       int64_t* kept) {
  return fast_dispatch(p, in, out, n, repeats, kept, false);
}

scan::FastRun library_cpu(const Params& p, const void* in, void* out, int64_t n, int repeats,
                          int64_t* kept) {
  return fast_dispatch(p, in, out, n, repeats, kept, true);
}

}  // namespace ws::compact
