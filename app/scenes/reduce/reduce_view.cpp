// The reduction figure: a header naming variant, input and step; the trace tree; a counters line;
// the legend. With a comparison variant the two runs stand side by side at the same step.
#include <algorithm>
#include <cstdio>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "reduce_teach_mode.h"
#include "views/figure_parts.h"
#include "views/legend.h"
#include "views/sub_canvas.h"
#include "views/trace_tree_view.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

// Shortens `text` with an ellipsis until it fits `width` at `font`.
std::string fit(const gfx::Canvas& c, std::string text, float font, float width) {
  if (c.text_size(text, font).x <= width) return text;
  while (text.size() > 2 && c.text_size(text + "\xE2\x80\xA6", font).x > width) text.pop_back();
  while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
  if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.pop_back();
  return text + "\xE2\x80\xA6";
}

std::string percent(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f%%", 100.0 * x);
  return b;
}

// Draws one run into `c`, whose top-left lies at `origin` in the figure; returns where its tree
// went.
ReduceHoverPane draw_run(gfx::Canvas& c, Vec2 origin, const Taught<ReduceRun>& taught,
                         const std::string& input_label, int step, const gfx::Palette& p,
                         float font) {
  const ReduceRun& r = taught.run;
  const Trace& trace = r.trace;
  const int current = std::clamp(step, 0, static_cast<int>(trace.steps.size()) - 1);
  const reduce::VariantInfo& info = reduce::info(r.params.variant);
  const TraceStep& s = trace.steps[current];
  const Vec2 size = c.size();

  std::string title = std::to_string(static_cast<int>(info.variant)) + " · " + tr_text(info.title);
  title = fit(c, title, font * 1.25f, size.x - 8);
  c.text({4, 2}, title, font * 1.25f, p.text);
  std::string line = trf("{0} · {1} {2} · N = {3} ({4}) · {5}×{6} threads · finish: {7} · {8}",
                         tr_text(info.pmpp), tr(op_name(r.params.op)), type_name(r.params.type),
                         static_cast<long long>(trace.buffers[0].size), tr_text(input_label),
                         trace.steps[0].grid_dim, trace.steps[0].block_dim,
                         tr(reduce::finish_name(r.params.finish)),
                         taught.traced.backend == Backend::Cuda ? "CUDA" : tr("CPU reference"));
  c.text({4, 4 + font * 1.4f}, fit(c, line, font * 0.85f, size.x - 8), font * 0.85f, p.text_muted);

  const bool done = current + 1 == static_cast<int>(trace.steps.size());
  const StepCounters& sc = taught.traced.counters.per_step[current];
  line =
      trf("step {0} / {1}: {2} — {3} in {4}{5}", current + 1, trace.steps.size(), tr_text(s.label),
          count_text(sc.active_threads, "active thread"), count_text(sc.active_warps, "warp"),
          sc.divergent_warps ? trf(", {0} divergent", sc.divergent_warps) : std::string());
  if (reduce::is_global_variant(r.params.variant))  // the in-place variants' global traffic
    line +=
        trf(" · {0} global lines (128 B), {1} sectors (32 B)", sc.global_lines, sc.global_requests);
  c.text({4, 6 + font * 2.6f}, fit(c, line, font, size.x - 8), font, p.text);
  if (done) {
    const bool same = r.result == r.reference;
    // Floats in full (9 significant digits): rounding differences must be visible, not hidden.
    auto full = [&](double v) {
      if (trace.type == ValueType::Int32) return format_value(v, trace.type);
      char b[32];
      std::snprintf(b, sizeof b, "%.9g", v);
      return std::string(b);
    };
    std::string verdict = trf("result {0} · serial loop {1}", full(r.result), full(r.reference));
    if (same)
      verdict += std::string(" · ") + tr("equal");
    else if (trace.type == ValueType::Float32)
      verdict += std::string(" · ") + tr("float rounding depends on the order");
    else
      verdict += std::string(" · ") + tr("WRONG");
    if (reduce::is_global_variant(r.params.variant))
      verdict += std::string(" · ") + global_requests_text(trace, taught.traced.counters);
    c.text({4, 8 + font * 3.7f}, fit(c, verdict, font, size.x - 8), font,
           same || trace.type == ValueType::Float32 ? p.text : p.mismatch);
  }
  const TwinCheck& twin = taught.traced.twin;
  const bool mismatch = twin.ran && !twin.matches();
  const float header = 12 + font * 5.0f;
  const float footer = font * 3.6f;
  SubCanvas tree(c, {0, header}, {size.x, std::max(10.0f, size.y - header - footer)});
  TraceTreeInput in;
  in.trace = &trace;
  in.snapshots = &taught.traced.snapshots;
  in.counters = &taught.traced.counters;
  // Cells are marked only when the check fails: the twin's cells of a last-block run stand under
  // another block's ids, so a run that matches would otherwise show false marks there.
  in.mismatch = mismatch ? &twin.mismatch : nullptr;
  in.current_step = current;
  const TraceTreeKey key = draw_trace_tree(tree, in, p);
  ReduceHoverPane pane{origin + Vec2{0, header}, key, &taught};

  const Counters& t = taught.traced.counters;
  const std::string work =
      trf("totals: {0} steps · {1} ops (serial {2}) · {3} lanes · efficiency {4} · {5} divergent "
          "warps",
          t.steps, t.ops, t.useful_ops, t.lanes_consumed, percent(t.efficiency), t.divergent_warps);
  // The in-place variants (8-10) touch only global memory: their lines (the books' requests)
  // and sectors; the others keep their shared-memory and atomic counters.
  const std::string memory =
      reduce::is_global_variant(r.params.variant)
          ? trf("{0} global lines (128 B) · {1} global sectors (32 B) · {2} barriers",
                t.global_lines, t.global_requests, t.barriers)
          : trf("{0} global sectors · {1} bank conflicts · {2} atomics · {3} barriers",
                t.global_requests, t.bank_conflicts, t.atomics, t.barriers);
  // One line when it fits, else two; the font shrinks no further than 9 px.
  const float counters_font = font * 0.85f;
  const std::string one_line = work + " · " + memory;
  float y = size.y - footer + 2;
  if (c.text_size(one_line, counters_font).x <= size.x - 8) {
    c.text({4, y}, one_line, counters_font, p.text);
    y += counters_font * 1.3f;
  } else {
    const float f = std::max(9.0f, std::min(counters_font, counters_font * (size.x - 8) /
                                                               c.text_size(work, counters_font).x));
    c.text({4, y}, fit(c, work, f, size.x - 8), f, p.text);
    c.text({4, y + f * 1.25f}, fit(c, memory, f, size.x - 8), f, p.text);
    y += f * 2.55f;
  }
  if (key.values_as_colour)
    draw_value_colour_bar(c, {size.x * 0.5f, y + 2}, {size.x * 0.15f, font * 0.7f},
                          counters_font * 0.9f, p);
  if (mismatch)
    c.text({4, y + 2},
           fit(c, trf("GPU trace differs from the CPU reference: {0}", twin.difference),
               counters_font, size.x * 0.48f),
           counters_font, p.mismatch);
  return pane;
}

}  // namespace

std::vector<ReduceHoverPane> draw_reduce_figure(gfx::Canvas& c, gfx::Theme theme,
                                                const std::vector<const Taught<ReduceRun>*>& runs,
                                                const std::string& input, int step) {
  const gfx::Palette& p = gfx::palette(theme);
  const Vec2 size = c.size();
  const float font = std::max(12.0f, std::min(size.y / 36.0f, size.x / 64.0f));
  std::vector<ReduceHoverPane> panes;
  if (runs.empty()) return panes;
  const float legend_h = font * 1.6f;
  const Vec2 body{size.x, size.y - legend_h};
  if (runs.size() > 1) {
    const float half = (body.x - 16) / 2;
    SubCanvas left(c, {0, 0}, {half, body.y});
    SubCanvas right(c, {half + 16, 0}, {half, body.y});
    c.begin_group("variant-a");
    panes.push_back(draw_run(left, {0, 0}, *runs[0], input, step, p, font));
    c.end_group();
    c.line({half + 8, 0}, {half + 8, body.y}, p.cell_border, 1.5f);
    c.begin_group("variant-b");
    panes.push_back(draw_run(right, {half + 16, 0}, *runs[1], input, step, p, font));
    c.end_group();
  } else {
    SubCanvas whole(c, {0, 0}, body);
    c.begin_group("reduction");
    panes.push_back(draw_run(whole, {0, 0}, *runs[0], input, step, p, font));
    c.end_group();
  }
  c.begin_group("legend");
  draw_trace_legend(c, {4, size.y - legend_h + 4}, font * 0.8f, p,
                    runs[0]->traced.backend == Backend::Cuda);
  c.end_group();
  return panes;
}

void ReduceTeachMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  std::vector<const Taught<ReduceRun>*> runs;
  for (size_t which = 0; taught(which); ++which) runs.push_back(taught(which));
  // A cell or a lane under the pointer: which thread wrote it and what it read.
  for (const ReduceHoverPane& pane : draw_reduce_figure(c, theme, runs, input_.label, step()))
    hover().add({0, 0}, c.size(), [pane](Vec2 point) {
      const TraceTreeHit hit = hit_test(pane.key, point - pane.origin);
      if (hit.buffer < 0 && hit.thread < 0) return std::string();
      return describe_hit(pane.run->run.trace, pane.run->traced.snapshots, hit);
    });
}

}  // namespace ws::app
