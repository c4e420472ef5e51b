// Hover text for the scan views: a cell tells its value, the thread that wrote it with everything
// that thread read and computed in the step, the range of inputs it holds, and the serial loop's
// value where they differ; a timeline row tells the block's times and what its polls saw.
#include <cmath>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scan_views.h"

namespace ws::app {

namespace {

const char* flag_name(scan::BlockFlag f) {
  switch (f) {
    case scan::BlockFlag::Aggregate:
      return tr("A (aggregate)");
    case scan::BlockFlag::Prefix:
      return tr("P (prefix)");
    default:
      return tr("X (not ready)");
  }
}

std::string describe_block(const ScanHoverPane& pane, gfx::Vec2 point) {
  const scan::Timeline& t = *pane.timeline;
  if (point.x < pane.timeline_x0 - 70 || point.x > pane.timeline_x1 || pane.timeline_row_h <= 0)
    return "";
  const int row = static_cast<int>((point.y - pane.timeline_y0) / pane.timeline_row_h);
  if (point.y < pane.timeline_y0 || row < 0 || row >= static_cast<int>(t.blocks.size())) return "";
  const scan::BlockRecord& b = t.blocks[row];
  const std::string unit = t.measured ? " ns" : "";
  auto at = [&](int64_t time) { return std::to_string(time) + unit; };
  const std::string block =
      b.sm >= 0 ? trf("block {0} on SM {1}", b.block, b.sm) : trf("block {0}", b.block);
  std::string out =
      trf("{0}: started at {1}, published its aggregate at {2}, its prefix at {3}, done at {4}",
          block, at(b.t_start), at(b.t_aggregate), at(b.t_prefix), at(b.t_end)) +
      (t.measured ? "" : tr(" (model time: one unit per step)")) + "\n" +
      trf("looked back over {0} with {1}",
          ws::counted(b.lookback_depth, TR_NOOP("{0} predecessor"), TR_NOOP("{0} predecessors")),
          ws::counted(b.polls, TR_NOOP("{0} flag read"), TR_NOOP("{0} flag reads")));
  int listed = 0;
  for (const scan::Poll& q : t.polls) {
    if (q.block != b.block) continue;
    if (++listed > 8) {
      out += "\n  ...";
      break;
    }
    out += "\n  " + trf("at {0}: block {1} showed {2}", at(q.t), q.predecessor, flag_name(q.seen));
  }
  return out;
}

}  // namespace

std::string describe_scan_point(const ScanHoverPane& pane, gfx::Vec2 point) {
  if (!pane.run) return "";
  const ScanRun& r = *pane.run;
  const Trace& trace = r.run.trace;
  if (pane.timeline) return describe_block(pane, point);
  if (pane.tree) {
    const TraceTreeHit hit = hit_test(pane.tree_key, point);
    if (hit.buffer < 0 && hit.thread < 0) return "";
    return describe_hit(trace, r.traced.snapshots, hit);
  }
  for (const ScanCellRow& row : pane.rows) {
    if (point.y < row.y || point.y >= row.y + row.cell_h || point.x < row.x0 || row.cell_w <= 0)
      continue;
    const auto i = static_cast<int64_t>((point.x - row.x0) / row.cell_w);
    if (i >= row.cells) continue;
    if (row.step > pane.current_step)
      return trf("'{0}' has not run yet at this step", tr_text(trace.steps[row.step].label));
    if (row.step >= 0 && std::isnan(r.traced.snapshots[row.step][row.buffer][i])) {
      // Nothing to show but whether it ever holds a value.
      const TraceBuffer& b = trace.buffers[row.buffer];
      std::string cell = tr_text(b.name) + "[" +
                         std::to_string(b.space == MemSpace::Shared ? i % std::max(1, b.size) : i) +
                         "]";
      if (b.space == MemSpace::Shared && b.blocks > 1)
        cell = trf("{0} of block {1}", cell, i / std::max(1, b.size));
      return std::isnan(r.traced.snapshots.back()[row.buffer][i])
                 ? trf("{0}: no step of this run writes it (no thread has a value for it)", cell)
                 : trf("{0}: not written yet after '{1}'", cell,
                       tr_text(trace.steps[row.step].label));
    }
    std::string out = describe_hit(trace, r.traced.snapshots, {row.step, row.buffer, i, -1});
    if (row.step < 0) return out + "\n" + trf("holds {0}", "x" + std::to_string(i));
    if (!r.run.ranges.empty()) {
      const scan::Range& rg = r.run.ranges[row.step][row.buffer][i];
      if (rg.kind != scan::Range::Unknown) out += "\n" + trf("holds {0}", range_text(rg));
      if (rg.kind == scan::Range::Broken)
        out +=
            tr(": inputs that are not one run x_i..x_j (a race overwrote an operand before it "
               "was read)");
    }
    const bool last = row.step == static_cast<int>(trace.steps.size()) - 1;
    if (last && row.buffer == 1 && i < static_cast<int64_t>(r.run.wrong.size()) && r.run.wrong[i])
      out += "\n" +
             trf("WRONG: the serial loop gives {0}", format_value(r.run.reference[i], trace.type));
    return out;
  }
  return "";
}

}  // namespace ws::app
