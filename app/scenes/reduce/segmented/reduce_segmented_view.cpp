// The segmented mode's figure: a header with the segments, the step and its counters; the trace
// tree (the input row, then each level's shared values); the totals against the serial loop.
#include <algorithm>
#include <cstdio>

#include "i18n/i18n.h"
#include "reduce_segmented_mode.h"
#include "views/figure_parts.h"
#include "views/legend.h"
#include "views/sub_canvas.h"
#include "views/trace_tree_view.h"

namespace ws::app {

namespace {

// "[3 14 10]" in the element type.
std::string bracketed(const std::vector<double>& v, ValueType type) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? " " : "") + format_value(v[i], type);
  return s + "]";
}

// Shortens `text` with an ellipsis until it fits `width`.
std::string fit_segmented(const gfx::Canvas& c, std::string text, float font, float width) {
  if (c.text_size(text, font).x <= width) return text;
  while (text.size() > 2 && c.text_size(text + "...", font).x > width) text.pop_back();
  while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
  if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.pop_back();
  return text + "...";
}

}  // namespace

void ReduceSegmentedMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& p = gfx::palette(theme);
  const Taught<ReduceSegmentedRun>* t = taught();
  if (!t) return;
  const ReduceSegmentedRun& r = t->run;
  const Trace& trace = r.trace;
  const gfx::Vec2 size = c.size();
  const float font = std::max(12.0f, std::min(size.y / 36.0f, size.x / 64.0f));
  const int current = std::clamp(step(), 0, static_cast<int>(trace.steps.size()) - 1);
  const TraceStep& s = trace.steps[current];
  const StepCounters& sc = t->traced.counters.per_step[current];

  c.begin_group("segmented");
  c.text({4, 2},
         fit_segmented(c, tr("Segmented reduction (segmented Kogge-Stone, one block)"),
                       font * 1.25f, size.x - 8),
         font * 1.25f, p.text);
  const std::string line =
      trf("{0} {1} · {2} values in {3} segments · 1×{4} threads · {5}", tr(op_name(r.op)),
          type_name(r.type), static_cast<long long>(r.input.values.size()),
          static_cast<long long>(r.totals.size()), s.block_dim,
          t->traced.backend == Backend::Cuda ? "CUDA" : tr("CPU reference"));
  c.text({4, 4 + font * 1.4f}, fit_segmented(c, line, font * 0.85f, size.x - 8), font * 0.85f,
         p.text_muted);
  const std::string step_line =
      trf("step {0} / {1}: {2} — {3} in {4}", current + 1, trace.steps.size(), tr_text(s.label),
          count_text(sc.active_threads, "active thread"), count_text(sc.active_warps, "warp"));
  c.text({4, 6 + font * 2.6f}, fit_segmented(c, step_line, font, size.x - 8), font, p.text);

  const float header = 10 + font * 3.9f;
  const float footer = font * 4.6f;
  SubCanvas tree(c, {0, header}, {size.x, std::max(10.0f, size.y - header - footer)});
  TraceTreeInput in;
  in.trace = &trace;
  in.snapshots = &t->traced.snapshots;
  in.counters = &t->traced.counters;
  in.mismatch =
      t->traced.twin.ran && !t->traced.twin.matches() ? &t->traced.twin.mismatch : nullptr;
  in.current_step = current;
  const TraceTreeKey key = draw_trace_tree(tree, in, p);
  // The segment boundaries: a bar before every head, through every row of n cells.
  const int64_t n = static_cast<int64_t>(r.input.values.size());
  for (const TraceTreeRowGeometry& row : key.rows) {
    if (row.cells != n) continue;
    for (int64_t i = 1; i < n; ++i)
      if (r.input.heads[size_t(i)])
        tree.line({row.x0 + float(i) * row.cell_w, row.y - 3},
                  {row.x0 + float(i) * row.cell_w, row.y + row.cell_h + 3}, p.text, 3.0f);
  }

  // The segments and, once the store has run, their totals against the serial loop per segment.
  const bool done = current + 1 == static_cast<int>(trace.steps.size());
  float y = size.y - footer + 2;
  c.text({4, y}, fit_segmented(c, trf("segments: {0}", settings().segments), font, size.x - 8),
         font, p.text);
  y += font * 1.3f;
  const bool same = r.totals == r.reference;
  const std::string totals =
      done ? trf("totals {0} · serial loop per segment {1} · {2}", bracketed(r.totals, r.type),
                 bracketed(r.reference, r.type), same ? tr("equal") : tr("WRONG"))
           : trf("serial loop per segment {0}", bracketed(r.reference, r.type));
  c.text({4, y}, fit_segmented(c, totals, font, size.x - 8), font,
         !done || same ? p.text : p.mismatch);
  c.end_group();
  c.begin_group("legend");
  draw_trace_legend(c, {4, y + font * 1.4f}, font * 0.8f, p, t->traced.backend == Backend::Cuda);
  c.end_group();
}

}  // namespace ws::app
