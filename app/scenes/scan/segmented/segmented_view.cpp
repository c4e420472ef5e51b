// The segmented scan figure: the input with its segments (tinted, boundaries drawn), the head
// flags, then one row per Kogge-Stone step with arrows from the operand each position combined and
// a mark on every position whose flag is set (its window reached the segment head: it stops);
// finally the output against the per-segment reference.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "i18n/i18n.h"
#include "segmented_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "i18n/wording.h"

namespace ws::app {

using gfx::Vec2;

namespace {

std::string explain(const TraceStep& s, bool inclusive, int64_t ops) {
  if (s.phase == "load")
    return inclusive ? tr("Each thread loads its value and its head flag into shared memory.")
                     : tr("Exclusive: each thread loads the previous value, or the identity where "
                          "a segment starts, and its head flag.");
  if (s.phase == "scan" && ops == 0)
    return tr(
        "Nothing combines at this stride: every position's window has already reached its "
        "segment head (its flag is set), so the threads only check their flags. A plain "
        "Kogge-Stone network still runs every stride.");
  if (s.phase == "scan")
    return tr(
        "Kogge-Stone with a twist: a position combines the value one stride back only while "
        "its flag is clear, and takes that position's flag (flags combine with OR). Once the "
        "window reaches its segment's head the flag is set and the position stops.");
  return tr(
      "Each thread stores its value: every segment has been scanned on its own, in one pass "
      "over the whole array.");
}

// A cell's text: the identity of min / max (the int32 or float32 extreme) reads as +/- infinity,
// so one huge number does not shrink every cell's text.
std::string cell_text(double v, BinaryOp op, ValueType type) {
  const bool int32 = type == ValueType::Int32;
  if (op == BinaryOp::Max && v == (int32 ? -2147483648.0 : -static_cast<double>(FLT_MAX)))
    return "\xE2\x88\x92\xE2\x88\x9E";
  if (op == BinaryOp::Min && v == (int32 ? 2147483647.0 : static_cast<double>(FLT_MAX)))
    return "+\xE2\x88\x9E";
  return number(v, type);
}

int buffer_index(const Trace& trace, const char* name) {
  for (size_t b = 0; b < trace.buffers.size(); ++b)
    if (trace.buffers[b].name == name) return static_cast<int>(b);
  return -1;
}

// The segment index of every position.
std::vector<int> segment_of(const segscan::Segments& segments) {
  std::vector<int> seg(segments.values.size());
  int current = -1;
  for (size_t i = 0; i < seg.size(); ++i) {
    if (i == 0 || segments.heads[i]) ++current;
    seg[i] = current;
  }
  return seg;
}

// The rows of the figure at `step`; row_step gets the trace step each row shows.
std::vector<CellRow> build_rows(const Taught<SegmentedRun>& t, const segscan::Params& params,
                                int step, const gfx::Palette& p, std::vector<int>& row_step) {
  const SegmentedRun& run = t.run;
  const Trace& trace = run.trace;
  const ValueType type = params.type;
  const size_t n = run.segments.values.size();
  const std::vector<int> seg = segment_of(run.segments);
  const int values_buffer = buffer_index(trace, "values"),
            flags_buffer = buffer_index(trace, "flags");
  const int output_buffer = buffer_index(trace, "output");
  const int last = static_cast<int>(trace.steps.size()) - 1;
  auto tint = [&](size_t i) { return mix(p.background, p.warp_color(seg[i]), 0.28f); };
  std::vector<size_t> seg_start(n, 0);
  for (size_t i = 1; i < n; ++i) seg_start[i] = run.segments.heads[i] ? i : seg_start[i - 1];

  std::vector<CellRow> rows;
  row_step.clear();
  CellRow input;
  input.label = tr("input x");
  CellRow heads;
  heads.label = tr("head flags");
  heads.gap_after = 1.3f;
  for (size_t i = 0; i < n; ++i) {
    Cell x;
    x.text = number(run.segments.values[i], type);
    x.fill = tint(i);
    x.hover = trf("x[{0}] = {1}, segment {2}", i, x.text, seg[i]);
    input.cells.push_back(std::move(x));
    Cell h;
    h.text = run.segments.heads[i] ? "1" : "0";
    if (run.segments.heads[i]) h.fill = tint(i);
    h.hover = run.segments.heads[i] ? trf("a segment starts at {0}", i)
                                    : trf("position {0} continues segment {1}", i, seg[i]);
    heads.cells.push_back(std::move(h));
  }
  rows.push_back(std::move(input));
  row_step.push_back(-1);
  rows.push_back(std::move(heads));
  row_step.push_back(-1);

  // Every row from the first step on, the later ones greyed: the figure keeps its layout while
  // the steps fill it in.
  for (int k = 0; k <= last - 1; ++k) {
    const bool future = k > step;
    CellRow row;
    // The kernel's step labels can be long ("load values and head flags"): rows use the phase.
    const std::string& step_label = trace.steps[k].label;
    row.label =
        trf("after {0}", tr_text(step_label.size() <= 14 ? step_label : trace.steps[k].phase));
    row.gap_after = 1.3f;
    const std::vector<double>& values = t.traced.snapshots[k][values_buffer];
    const std::vector<double>& flags = t.traced.snapshots[k][flags_buffer];
    const std::vector<int64_t> written = written_cells(trace, k, values_buffer);
    const int64_t window = int64_t{1} << k;  // after k strides a position covers 2^k inputs
    for (size_t i = 0; i < n; ++i) {
      Cell c;
      const double v = i < values.size() && !future ? values[i] : std::nan("");
      c.unwritten = std::isnan(v);
      if (future) {
        c.hover = trf("'{0}' has not run yet", tr_text(trace.steps[k].label));
        row.cells.push_back(std::move(c));
        continue;
      }
      c.text = cell_text(v, params.op, type);
      c.fill = tint(i);
      c.emphasis =
          k == step && std::binary_search(written.begin(), written.end(), static_cast<int64_t>(i));
      const bool flag = i < flags.size() && flags[i] == 1;
      c.hover = flag ? trf("after {0}: position {1} holds {2}, flag set (stopped at the head)",
                           tr_text(trace.steps[k].label), i, c.text)
                     : trf("after {0}: position {1} holds {2}, flag clear",
                           tr_text(trace.steps[k].label), i, c.text);
      if (params.inclusive) {
        const int64_t lo = std::max<int64_t>(seg_start[i], static_cast<int64_t>(i) - window + 1);
        c.hover += trf("; it combines x[{0}]..x[{1}]", lo, i);
      }
      row.cells.push_back(std::move(c));
    }
    rows.push_back(std::move(row));
    row_step.push_back(k);
  }
  {
    const bool done = step == last;
    CellRow output, reference;
    output.label = tr("output");
    reference.label = tr("per-segment reference");
    const std::vector<double>& out = t.traced.snapshots[last][output_buffer];
    for (size_t i = 0; i < n; ++i) {
      Cell o, r;
      if (!done) {
        o.unwritten = r.unwritten = true;
        o.hover = tr("the store has not run yet");
        r.hover = tr("shown with the output, at the last step");
        output.cells.push_back(std::move(o));
        reference.cells.push_back(std::move(r));
        continue;
      }
      o.text = cell_text(out[i], params.op, type);
      r.text = cell_text(run.reference[i], params.op, type);
      o.fill = r.fill = tint(i);
      o.mismatch = !(out[i] == run.reference[i]);
      o.emphasis = !o.mismatch;
      o.hover = o.mismatch
                    ? trf("output[{0}] = {1}; the per-segment loop gives {2}", i, o.text, r.text)
                    : trf("output[{0}] = {1}; the reference agrees", i, o.text);
      r.hover = trf("a serial loop over segment {0} gives {1}", seg[i], r.text);
      output.cells.push_back(std::move(o));
      reference.cells.push_back(std::move(r));
    }
    rows.push_back(std::move(output));
    row_step.push_back(last);
    rows.push_back(std::move(reference));
    row_step.push_back(-1);
  }
  return rows;
}

}  // namespace

void draw_segmented(gfx::Canvas& c, gfx::Theme theme, const Taught<SegmentedRun>& t,
                    const segscan::Params& params, int step, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const SegmentedRun& r = t.run;
  const Trace& trace = r.trace;
  const Vec2 size = c.size();
  const float font = figure_font(size);
  const TraceStep& s = trace.steps[step];
  const size_t n = r.segments.values.size();
  const std::string title =
      trf(params.inclusive ? TR_NOOP("Segmented inclusive {0} scan (Kogge-Stone with head flags)")
                           : TR_NOOP("Segmented exclusive {0} scan (Kogge-Stone with head flags)"),
          tr_text(op_name(params.op)));
  const std::string detail =
      trf("{0} · {1} · N = {2} · 1\xC3\x97{3} threads · {4}", segscan::format_segments(r.segments),
          type_name(params.type), n, s.block_dim,
          t.traced.backend == Backend::Cuda ? "CUDA" : tr("CPU reference"));
  const std::string step_line =
      trf("step {0} / {1}: {2}", step + 1, trace.steps.size(), tr_text(s.label));
  c.begin_group("header");
  const float top =
      draw_header(c, title, detail, step_line,
                  explain(s, params.inclusive, t.traced.counters.per_step[step].ops), p, font);
  c.end_group();
  const float footer = font * 3.2f;
  c.begin_group("segmented-network");
  std::vector<int> row_step;  // the trace step each row shows (-1: not a step)
  std::vector<CellRow> rows = build_rows(t, params, step, p, row_step);
  const RowsGeometry g =
      draw_rows(c, {4, top}, {size.x - 8, size.y - top - footer}, rows, p, font, font * 3.4f);
  // Segment boundaries through every row.
  for (size_t i = 1; i < n; ++i)
    if (r.segments.heads[i]) {
      const float x = g.x0 + i * g.cell_w;
      c.line({x, g.top.front() - 4}, {x, g.bottom() + 4}, p.text, 2.5f);
    }
  // Flags and operand arrows of every network row.
  const int values_buffer = buffer_index(trace, "values"),
            flags_buffer = buffer_index(trace, "flags");
  const float mark = std::clamp(g.cell_h * 0.3f, 4.0f, 10.0f);
  for (size_t row = 0; row < rows.size(); ++row) {
    const int k = row_step[row];
    if (k < 0 || k == static_cast<int>(trace.steps.size()) - 1 || k > step) continue;
    const std::vector<double>& flags = t.traced.snapshots[k][flags_buffer];
    for (size_t i = 0; i < n && i < flags.size(); ++i)
      if (flags[i] == 1) {
        const Vec2 a = g.cell_min(static_cast<int>(row), static_cast<int>(i)) + Vec2{2, 2};
        c.triangle_filled(a, a + Vec2{mark, 0}, a + Vec2{0, mark}, p.text);
      }
    if (k == 0) continue;
    for (const TraceEvent& e : trace.steps[k].events)
      if (e.kind == EventKind::Read && e.buffer == values_buffer && e.address != e.thread)
        cell_arrow(c, g, static_cast<int>(row) - 1, e.address, static_cast<int>(row), e.thread,
                   p.read, g.cell_w > 12 ? 1.5f : 1);
  }
  c.end_group();
  hover.add({0, 0}, size,
            [g, rows = std::move(rows)](Vec2 point) { return describe_rows(g, rows, point); });

  const bool done = step + 1 == static_cast<int>(trace.steps.size());
  const bool matches = r.result == r.reference;
  const std::vector<Swatch> legend = {
      {p.read, tr("operand combined"), SwatchKind::Arrow},
      {p.text, tr("flag set: the window reached its segment head"), SwatchKind::CornerMark},
      {p.highlight, tr("written in this step"), SwatchKind::Outline},
      {p.mismatch, tr("differs from the per-segment loop"), SwatchKind::Outline}};
  draw_swatches(c, {4, size.y - footer + 2}, legend, p, font * 0.8f);
  const StepCounters& sc = t.traced.counters.per_step[step];
  std::string footer_line =
      trf("this step: {0} by {1} · total: {2}, {3} (a per-segment loop needs {4}), {5}",
          ws::counted(sc.ops, TR_NOOP("{0} op"), TR_NOOP("{0} ops")),
          ws::counted(sc.active_threads, TR_NOOP("{0} thread"), TR_NOOP("{0} threads")),
          ws::counted(t.traced.counters.steps, TR_NOOP("{0} step"), TR_NOOP("{0} steps")),
          ws::counted(t.traced.counters.ops, TR_NOOP("{0} op"), TR_NOOP("{0} ops")),
          t.traced.counters.useful_ops,
          ws::counted(t.traced.counters.barriers, TR_NOOP("{0} barrier"),
                      TR_NOOP("{0} barriers"))) +
      (done ? (matches ? tr(" · matches the reference") : tr(" · DIFFERS from the reference"))
            : "");
  if (!t.traced.twin.difference.empty())
    footer_line += trf(" · GPU trace differs from the CPU twin: {0}", t.traced.twin.difference);
  draw_footer(c, footer_line, p, font,
              (done && !matches) || !t.traced.twin.difference.empty() ? p.mismatch : p.text);
}

}  // namespace ws::app
