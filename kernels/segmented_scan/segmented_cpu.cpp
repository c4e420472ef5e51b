// Segmented scan on the CPU: the teach twin of the segmented Kogge-Stone kernel (through
// scan::TraceModel, so it emits the CUDA kernel's trace event for event) and the serial fast mode.
#include <algorithm>
#include <string>

#include "common/error.h"
#include "common/timing.h"
#include "scan/scan_model.h"
#include "segmented_internal.h"

namespace ws::segscan {

namespace {

enum Buf { kInput = 0, kHeads, kOutput, kValues, kFlags };

int64_t serial_ops(const Segments& s, bool inclusive) {
  int64_t ops = 0, length = 0;
  auto close = [&] {
    ops += inclusive ? std::max<int64_t>(0, length - 1) : std::max<int64_t>(0, length - 2);
  };
  for (size_t i = 0; i < s.values.size(); ++i) {
    if (i > 0 && s.heads[i]) {
      close();
      length = 0;
    }
    ++length;
  }
  close();
  return ops;
}

template <class T>
TeachRun teach_typed(const Params& p, const Segments& s) {
  const int64_t n = static_cast<int64_t>(s.values.size());
  const int B = teach_block_dim(p, n);
  TeachRun run;
  Trace& trace = run.trace;
  trace.op = p.op;
  trace.serial_ops = serial_ops(s, p.inclusive);
  scan::TraceModel<T> m(trace, true);
  std::vector<T> input(static_cast<size_t>(n)), heads(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    input[i] = to_element<T>(s.values[i]);
    heads[i] = T(s.heads[i] ? 1 : 0);
  }
  m.add_buffer("input", MemSpace::Global, n, 1, input);
  m.add_buffer("heads", MemSpace::Global, n, 1, heads);
  m.add_buffer("output", MemSpace::Global, n, 1);
  m.add_buffer("values", MemSpace::Shared, B, 1);
  m.add_buffer("flags", MemSpace::Shared, B, 1);
  trace.buffers[kHeads].type = ValueType::Int32;
  trace.buffers[kFlags].type = ValueType::Int32;
  const T identity = identity_of<T>(p.op);

  m.begin_step(p.inclusive ? "load values and head flags"
                           : "load: the identity at a head, else the previous value",
               "load", "@load", 1, B, 1);
  for (int64_t t = 0; t < n; ++t) {
    const T h = t == 0 ? T(1) : m.read(t, kHeads, t);  // position 0 always starts a segment
    T v;
    if (p.inclusive) {
      v = m.read(t, kInput, t);
    } else {
      v = h != T(0) ? identity : m.read(t, kInput, t - 1);
    }
    m.write(t, kValues, t, v);
    m.write(t, kFlags, t, h);
  }
  for (int stride = 1; stride < B; stride *= 2) {
    m.begin_step("stride " + std::to_string(stride), "scan", "@seg-step", 1, B, 2);
    for (int64_t t = stride; t < n; ++t) {
      if (m.read(t, kFlags, t) != T(0)) continue;  // the window reached the head: done
      const T a = m.read(t, kValues, t - stride);
      const T b = m.read(t, kValues, t);
      const T r = m.op(t, kValues, t, apply_op(p.op, a, b));
      const T f = m.read(t, kFlags, t - stride);
      m.write(t, kValues, t, r);
      m.write(t, kFlags, t, f);
    }
  }
  m.begin_step("store", "store", "@store", 1, B, 0);
  for (int64_t t = 0; t < n; ++t) m.write(t, kOutput, t, m.read(t, kValues, t));
  m.finish();
  run.result.assign(m.state(kOutput).begin(), m.state(kOutput).end());
  return run;
}

template <class T>
void serial_scan(const Params& p, const T* in, const uint8_t* heads, T* out, int64_t n) {
  T acc = identity_of<T>(p.op);
  for (int64_t i = 0; i < n; ++i) {
    const T x = in[i];
    if (i == 0 || heads[i]) acc = identity_of<T>(p.op);
    if (p.inclusive) {
      acc = apply_op(p.op, acc, x);
      out[i] = acc;
    } else {
      out[i] = acc;
      acc = apply_op(p.op, acc, x);
    }
  }
}

}  // namespace

TeachRun teach_cpu(const Params& p, const Segments& s) {
  WS_REQUIRE(s.heads.size() == s.values.size(), "segments need one head flag per value");
  validate(p, static_cast<int64_t>(s.values.size()), true);
  return p.type == ValueType::Float32 ? teach_typed<float>(p, s) : teach_typed<int32_t>(p, s);
}

scan::FastRun fast_cpu(const Params& p, const void* in, const uint8_t* heads, void* out, int64_t n,
                       int repeats) {
  validate(p, n, false);
  WS_REQUIRE(n <= scan::kCpuFastMaxN, "the CPU scans at most " +
                                          std::to_string(scan::kCpuFastMaxN) + " elements, not " +
                                          std::to_string(n));
  std::vector<float> scratch;
  if (out == nullptr) {
    scratch.resize(static_cast<size_t>(n));
    out = scratch.data();
  }
  scan::FastRun run;
  run.n = n;
  run.median_ms = host_median_ms(repeats, [&] {
    if (p.type == ValueType::Float32) {
      serial_scan(p, static_cast<const float*>(in), heads, static_cast<float*>(out), n);
    } else {
      serial_scan(p, static_cast<const int32_t*>(in), heads, static_cast<int32_t*>(out), n);
    }
  });
  run.gbps = segmented_gbps(n, run.median_ms);
  return run;
}

}  // namespace ws::segscan
