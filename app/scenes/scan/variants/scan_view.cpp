// The scan mode's figure: a header naming the variant, input and step, the verdict against the
// serial loop once the last step is reached, the view the settings ask for, a counters line and the
// legend. With a comparison variant the two runs stand side by side at the same step.
#include <algorithm>
#include <cstdio>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scan_variants_run.h"
#include "views/legend.h"
#include "views/sub_canvas.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

void draw_lines(gfx::Canvas& c, const std::string& text, Vec2 at, float font, float width,
                gfx::Color colour) {
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = text.find('\n', start);
    c.text(at, fit_text(c, text.substr(start, end - start), font, width), font, colour);
    at.y += font * 1.3f;
    if (end == std::string::npos) break;
    start = end + 1;
  }
}

// One run into `c` (its top-left at `origin` in the figure); fills the pane for describe_at.
void draw_run(gfx::Canvas& c, Vec2 origin, const ScanRun& r, int step, ScanView view,
              const scan::Timeline* recorded, int64_t recorded_n, const gfx::Palette& p, float font,
              ScanHoverPane& pane) {
  const Trace& trace = r.run.trace;
  const int last = static_cast<int>(trace.steps.size()) - 1;
  const int current = std::clamp(step, 0, std::max(0, last));
  const scan::VariantInfo& info = scan::info(r.run.params.variant);
  const Vec2 size = c.size();
  const int64_t n = static_cast<int64_t>(r.run.input.size());
  if (view != ScanView::Timeline) recorded = nullptr;

  std::string title =
      std::to_string(static_cast<int>(info.variant)) + " \xC2\xB7 " + tr_text(info.title);
  if (r.run.params.race) title = trf("{0} \xE2\x80\x94 second barrier removed (race)", title);
  c.text({4, 2}, fit_text(c, title, font * 1.25f, size.x - 8), font * 1.25f,
         r.run.params.race ? p.mismatch : p.text);
  const std::string mapping =
      r.run.params.variant == scan::Variant::BrentKung
          ? " \xC2\xB7 " + trf("{0} mapping", tr_text(scan::mapping_name(r.run.params.mapping)))
          : "";
  std::string where =
      trf("{0} \xC2\xB7 {1} {2} {3} \xC2\xB7 N = {4} ({5}) \xC2\xB7 {6}\xC3\x97{7} threads{8} "
          "\xC2\xB7 {9}",
          tr_text(info.pmpp), r.run.params.inclusive ? tr("inclusive") : tr("exclusive"),
          tr_text(op_name(r.run.params.op)), type_name(r.run.params.type), n,
          tr_text(r.run.input_label), trace.steps.empty() ? 0 : trace.steps[0].grid_dim,
          trace.steps.empty() ? 0 : trace.steps[0].block_dim, mapping,
          r.traced.backend == Backend::Cuda ? "CUDA" : tr("CPU twin"));
  if (recorded)
    where = trf("timeline recorded at N = {0} ({1} blocks); the teach run: {2}", recorded_n,
                recorded->blocks.size(), where);
  c.text({4, 4 + font * 1.4f}, fit_text(c, where, font * 0.85f, size.x - 8), font * 0.85f,
         recorded ? p.text : p.text_muted);
  if (!trace.steps.empty()) {
    const TraceStep& s = trace.steps[current];
    const StepCounters& sc = r.traced.counters.per_step[current];
    // The phase in brackets unless the label already names it ("up-sweep: stride 2").
    const std::string name = ws::step_name_with_phase(s.label, s.phase);
    const std::string step_line = trf(
        "step {0} / {1}: {2} \xE2\x80\x94 {3}, {4}, {5}", current + 1, last + 1, name,
        ws::counted(sc.active_threads, TR_NOOP("{0} active thread"), TR_NOOP("{0} active threads")),
        ws::counted(sc.ops, TR_NOOP("{0} op"), TR_NOOP("{0} ops")),
        ws::counted(s.barriers, TR_NOOP("{0} barrier"), TR_NOOP("{0} barriers")));
    c.text({4, 6 + font * 2.6f}, fit_text(c, step_line, font, size.x - 8), font, p.text);
  }
  // The views that outline the wrong outputs (the trace tree and the timeline do not).
  const bool outlines_wrong = view == ScanView::Network || view == ScanView::Ranges ||
                              (view == ScanView::Levels && r.run.level_sizes.size() > 1);
  if (current == last) {
    std::string verdict;
    if (r.run.wrong_count == 0) {
      verdict = n == 1
                    ? std::string(tr("result matches the serial loop (scan_serial) at its one "
                                     "position"))
                    : trf("result matches the serial loop (scan_serial) at all {0} positions", n);
      if (r.run.rounded_count)
        verdict += trf(", {0} of them only up to float rounding (another order of operations)",
                       r.run.rounded_count);
      if (r.run.wrapped_count)
        verdict +=
            ws::counted(r.run.wrapped_count,
                        TR_NOOP("; {0} prefix overflows int32 and wrapped around, as on the GPU"),
                        TR_NOOP("; {0} prefixes overflow int32 and wrapped around, as on the "
                                "GPU"));
    } else {
      verdict = trf("WRONG at {0} of {1} vs the serial loop", r.run.wrong_count,
                    ws::counted(n, TR_NOOP("{0} position"), TR_NOOP("{0} positions")));
      if (outlines_wrong) verdict = trf("{0} (outlined)", verdict);
      if (r.run.params.race) verdict = trf("{0}: the write-after-read race", verdict);
    }
    c.text({4, 8 + font * 3.7f}, fit_text(c, verdict, font, size.x - 8), font,
           r.run.wrong_count ? p.mismatch : p.text);
  }
  const float header = 12 + font * 5.0f;
  const float footer = font * 1.5f;
  SubCanvas body(c, {0, header}, {size.x, std::max(10.0f, size.y - header - footer)});
  pane.origin = origin + Vec2{0, header};
  pane.run = &r;
  pane.current_step = current;
  switch (view) {
    case ScanView::Ranges:
      draw_scan_ranges(body, r, current, p, pane);
      break;
    case ScanView::Timeline:
      draw_scan_timeline(body, recorded ? *recorded : r.run.timeline, p, pane,
                         trace.steps.empty() ? TimelinePart::None
                                             : timeline_part_of_phase(trace.steps[current].phase),
                         trace.steps.empty() ? "" : trace.steps[current].phase);
      break;
    case ScanView::Levels:
      if (r.run.level_sizes.size() > 1) {
        draw_scan_levels(body, r, current, p, pane);
        break;
      }
      [[fallthrough]];  // one level: the trace tree shows the block's phases
    case ScanView::Trace: {
      TraceTreeInput in;
      in.trace = &trace;
      in.snapshots = &r.traced.snapshots;
      in.counters = &r.traced.counters;
      in.current_step = current;
      pane.tree = true;
      pane.tree_key = draw_trace_tree(body, in, p);
      break;
    }
    default:
      draw_scan_network(body, r, current, p, pane);
      break;
  }
  const Counters& t = r.traced.counters;
  const std::string dot = " \xC2\xB7 ";
  // What follows the counters (the level sizes, the GPU check) stays; the counters take the short
  // form when the long one would push it off a half-width figure.
  std::string suffix;
  if (r.run.level_sizes.size() > 1) suffix += dot + level_sizes_text(r.run.level_sizes);
  const TwinCheck& twin = r.traced.twin;
  if (twin.ran)
    suffix += !twin.matches()     ? dot + trf("GPU differs from the CPU twin: {0}", twin.difference)
              : twin.note.empty() ? dot + tr("GPU trace = CPU twin")
                                  : dot + tr("GPU trace = CPU twin but for the look-back's path");
  const std::string steps = ws::counted(t.steps, TR_NOOP("{0} step"), TR_NOOP("{0} steps"));
  const std::string ops = ws::counted(t.ops, TR_NOOP("{0} op"), TR_NOOP("{0} ops"));
  const std::string lanes =
      ws::counted(t.lanes_consumed, TR_NOOP("{0} lane"), TR_NOOP("{0} lanes"));
  const std::string barriers =
      ws::counted(t.barriers, TR_NOOP("{0} barrier"), TR_NOOP("{0} barriers"));
  std::string totals =
      trf("totals: {0} \xC2\xB7 {1} vs serial {2} (work efficiency {3}) \xC2\xB7 {4} consumed "
          "\xC2\xB7 {5} per block \xC2\xB7 {6}",
          steps, ops, t.useful_ops, work_efficiency_text(t), lanes, barriers,
          ws::counted(t.bank_conflicts, TR_NOOP("{0} bank conflict"),
                      TR_NOOP("{0} bank conflicts"))) +
      suffix;
  if (c.text_size(totals, font * 0.85f).x > size.x - 8)
    totals = trf("{0} \xC2\xB7 {1} (serial {2}, {3}) \xC2\xB7 {4} \xC2\xB7 {5}", steps, ops,
                 t.useful_ops, work_efficiency_text(t), lanes, barriers) +
             suffix;
  c.text({4, size.y - footer + 2}, fit_text(c, totals, font * 0.85f, size.x - 8), font * 0.85f,
         twin.ran && !twin.matches() ? p.mismatch : p.text);
}

// The key of the network and of the range table.
void draw_scan_legend(gfx::Canvas& c, Vec2 origin, float font, const gfx::Palette& p, ScanView view,
                      bool value_colours) {
  LegendLine key(c, origin, font, p);
  if (view == ScanView::Ranges) {
    for (int k = 0; k < 4; ++k)  // the shades the table uses, light to dark
      key.strip_over(p.background, p.read.with_alpha(static_cast<uint8_t>(30 + 40 * k)));
    key.end_strips();
    key.label(tr("share of its prefix x0..xj held"));
    key.filled(p.mismatch.with_alpha(90));
    key.label(tr("bad: not one run of inputs (race)"));
    key.outlined(p.mismatch, 2.5f);
    key.label(tr("wrong output"));
    key.filled(p.inactive.with_alpha(110));
    key.label(tr("id: identity"));
    key.outlined(p.inactive, 1);
    key.label(tr("not run yet"));
    return;
  }
  if (value_colours) {
    key.advance(draw_value_colour_key(c, {key.x(), origin.y}, font, p, tr(kValueColoursPerRow)));
  } else {
    for (int w = 0; w < 4; ++w) key.strip(p.warp_color(w));
    key.end_strips();
    key.label(tr("written in the row's step, by warp"));
  }
  c.arrow({key.x(), key.mid()}, {key.x() + key.box() * 2, key.mid()}, p.read, 1.5f, 6);
  c.circle_filled({key.x() + key.box() * 2, key.mid()}, 3, p.read);
  key.advance(key.box() * 2 + 6);
  key.label(tr("operands \xE2\x86\x92 operator"));
  key.filled(p.cell_unwritten);
  key.label(tr("not run yet"));
  key.outlined(p.mismatch, 2.5f);
  key.label(tr("wrong / broken range"));
  key.memory_spaces(true);
}

}  // namespace

void draw_scan_variants(gfx::Canvas& c, gfx::Theme theme, const ScanVariantsSettings& s,
                        const ScanRun* primary, const ScanRun* compare,
                        const ScanVariantsState& state, int step, HoverMap& hover) {
  std::vector<ScanHoverPane> hover_panes;  // where each run put its cells
  const gfx::Palette& p = gfx::palette(theme);
  const Vec2 size = c.size();
  const float font = std::max(12.0f, std::min(size.y / 36.0f, size.x / 64.0f));
  const ScanView view = resolve_scan_view(s.view, s.params.variant);
  if (view == ScanView::Scaling) {
    c.text({4, 2}, tr("Steps and work against N, every variant"), font * 1.25f, p.text);
    SubCanvas body(c, {0, font * 2.2f}, {size.x, size.y - font * 2.2f});
    if (state.scaling)
      draw_scan_scaling(body, *state.scaling, p);
    else
      static_cast<gfx::Canvas&>(body).text(
          {8, 8}, tr("press \"Run every variant\" under \"Steps and work against N\""), font,
          p.text_muted);
    return;
  }
  if (!primary) {
    c.text({8, 8}, tr("Parallel scan \xE2\x80\x94 this run failed:"), font * 1.25f, p.text);
    draw_lines(c, state.run_error, {8, 14 + font * 1.5f}, font, size.x - 16, p.mismatch);
    return;
  }
  const float legend_h = font * 1.6f;
  const Vec2 body{size.x, size.y - legend_h};
  const scan::Timeline* recorded = state.recorded ? &*state.recorded : nullptr;
  if (compare || !state.run_error.empty()) {
    const float half = (body.x - 16) / 2;
    SubCanvas left(c, {0, 0}, {half, body.y});
    SubCanvas right(c, {half + 16, 0}, {half, body.y});
    c.begin_group("variant-a");
    hover_panes.emplace_back();
    draw_run(left, {0, 0}, *primary, step, view, recorded, s.record, p, font, hover_panes.back());
    c.end_group();
    c.line({half + 8, 0}, {half + 8, body.y}, p.cell_border, 1.5f);
    c.begin_group("variant-b");
    if (compare) {
      hover_panes.emplace_back();
      const ScanView other = resolve_scan_view(s.view, compare->run.params.variant);
      draw_run(right, {half + 16, 0}, *compare, step, other, nullptr, 0, p, font,
               hover_panes.back());
    } else {
      draw_lines(right, state.run_error, {4, 4}, font, half - 8, p.mismatch);
    }
    c.end_group();
  } else {
    SubCanvas whole(c, {0, 0}, body);
    c.begin_group("scan");
    hover_panes.emplace_back();
    draw_run(whole, {0, 0}, *primary, step, view, recorded, s.record, p, font, hover_panes.back());
    c.end_group();
  }
  bool value_colours = false;
  for (const ScanHoverPane& pane : hover_panes) value_colours = value_colours || pane.value_colours;
  c.begin_group("legend");
  const bool tree =
      view == ScanView::Trace || (view == ScanView::Levels && primary->run.level_sizes.size() <= 1);
  bool tree_colours = false;  // the tree shows values as colours when its cells are too small
  for (const ScanHoverPane& pane : hover_panes)
    tree_colours = tree_colours || (pane.tree && pane.tree_key.values_as_colour);
  const Vec2 at{4, size.y - legend_h + 4};
  auto legend = [&](gfx::Canvas& to, float f) {
    if (tree) {
      draw_trace_legend(to, at, f, p, primary->traced.backend == Backend::Cuda);
      if (tree_colours) {  // its key at the right end of the line (the tree scales each row too)
        const float width = f * 0.9f * 2 + 4 + to.text_size(tr(kValueColoursPerRow), f).x;
        draw_value_colour_key(to, {size.x - width - 8, at.y}, f, p, tr(kValueColoursPerRow));
      }
    } else if (view == ScanView::Levels) {
      draw_levels_legend(to, at, f, p, value_colours);
    } else if (view != ScanView::Timeline) {
      draw_scan_legend(to, at, f, p, view, value_colours);
    }
  };
  // One line that fits the figure: measured first, drawn smaller when it would run off the edge.
  ExtentCanvas measure(c);
  legend(measure, font * 0.8f);
  const float room = size.x - 8;
  legend(c, measure.right() > room
                ? std::max(7.0f, font * 0.8f * (room - at.x) / (measure.right() - at.x))
                : font * 0.8f);
  c.end_group();
  // The first run that has something at the point says it.
  hover.add({0, 0}, size, [panes = std::move(hover_panes)](Vec2 point) {
    for (const ScanHoverPane& pane : panes)
      if (std::string text = describe_scan_point(pane, point - pane.origin); !text.empty())
        return text;
    return std::string();
  });
}

}  // namespace ws::app
