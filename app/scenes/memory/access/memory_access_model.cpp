// The access mode's analysis: the traced run's instructions and totals, and the stride chart.
#include <algorithm>
#include <cstdio>

#include "common/error.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "memory_access_run.h"

namespace ws::app {

namespace {

// Elements of f32 the measured curve streams: 64 MiB, well past the L2.
constexpr int64_t kChartElements = int64_t{1} << 24;
constexpr int kChartMaxStride = 32;

double stride_model_fraction(int stride) {
  std::vector<int64_t> bytes;
  for (int lane = 0; lane < mem::kWarpSize; ++lane) bytes.push_back(int64_t{lane} * stride * 4);
  const mem::AccessCost read = mem::access_cost(bytes, 4);
  const double useful = 2.0 * mem::kWarpSize * 4;  // 4 bytes read and 4 written per lane
  return useful / double(read.moved_bytes + mem::kLineBytes);
}

}  // namespace

std::string used_percent(double fraction) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", fraction * 100);
  return text;
}

StrideChart stride_chart(Backend backend) {
  StrideChart chart;
  for (int s = 1; s <= kChartMaxStride; ++s) {
    chart.strides.push_back(s);
    chart.model_fraction.push_back(stride_model_fraction(s));
  }
  if (backend != Backend::Cuda) {
    chart.note = "CPU backend: the sector model's prediction, not a measurement";
    return chart;
  }
  const mem::BandwidthCurve curve = mem::bandwidth_vs_stride(kChartElements, kChartMaxStride, 5);
  if (!curve.available || curve.copy_gbps <= 0) {
    chart.note = curve.note;
    return chart;
  }
  chart.measured = true;
  chart.copy_gbps = curve.copy_gbps;
  chart.gbps = curve.gbps;
  for (double g : curve.gbps) chart.measured_fraction.push_back(g / curve.copy_gbps);
  chart.note = "measured: 2^24 f32, median of 5";
  return chart;
}

AccessView compute_access_view(const mem::AccessParams& params, Backend backend) {
  AccessView v;
  Taught<mem::AccessRun> taught =
      teach_and_check(backend, [&](Backend b) { return mem::run_access(params, b); });
  v.run = std::move(taught.run);
  v.traced = std::move(taught.traced);
  const Trace& t = v.run.trace;
  for (int s = 0; s < static_cast<int>(t.steps.size()); ++s) {
    if (s == v.run.access_step) v.first_access = static_cast<int>(v.instructions.size());
    for (mem::WarpInstruction& ins : mem::warp_instructions(t, s)) {
      const TraceBuffer& b = t.buffers[size_t(ins.buffer)];
      AccessInstruction a;
      a.trace_step = s;
      a.phase = t.steps[size_t(s)].phase;
      a.code_marker = t.steps[size_t(s)].code_marker;
      a.buffer = b.name;
      a.shared = b.space == MemSpace::Shared;
      a.elem_bytes = b.elem_bytes > 0 ? b.elem_bytes : t.elem_bytes;
      a.ins = std::move(ins);
      if (s == v.run.access_step) {
        v.sectors += a.ins.cost.sectors;
        v.lines += a.ins.cost.lines;
        v.useful_bytes += a.ins.cost.useful_bytes;
        v.moved_bytes += a.ins.cost.moved_bytes;
        v.max_bank_ways = std::max(v.max_bank_ways, a.ins.bank_ways);
      }
      v.instructions.push_back(std::move(a));
    }
  }
  WS_REQUIRE(!v.instructions.empty(), "access: the run has no memory instruction");
  return v;
}

std::string instruction_cost_text(const AccessInstruction& a) {
  if (a.shared)
    return trf("{0}-way bank conflict ({1} lanes)", a.ins.bank_ways, a.ins.lanes.size());
  return trf("{0}, {1}: {2} of {3} bytes used ({4})",
             counted(a.ins.cost.sectors, TR_NOOP("{0} sector"), TR_NOOP("{0} sectors")),
             counted(a.ins.cost.lines, TR_NOOP("{0} line"), TR_NOOP("{0} lines")),
             a.ins.cost.useful_bytes, a.ins.cost.moved_bytes, used_percent(a.ins.cost.efficiency));
}

}  // namespace ws::app
