// The lab's figure: a header (exercise, size, backend, launch, step, its source lines, the run's
// verdict), the trace tree of the student's run with the diagnostics marked on it, a totals line
// and the legend, laid out as the reduction scene lays out its figure.
#include "lab_figure.h"

#include <algorithm>
#include <cstdio>

#include "i18n/i18n.h"
#include "views/figure_parts.h"
#include "views/legend.h"
#include "views/sub_canvas.h"

namespace ws::app {

namespace {

using gfx::Vec2;

std::string lab_fit(const gfx::Canvas& c, std::string text, float font, float width) {
  if (c.text_size(text, font).x <= width) return text;
  while (text.size() > 2 && c.text_size(text + "\xE2\x80\xA6", font).x > width) text.pop_back();
  while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
  if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.pop_back();
  return text + "\xE2\x80\xA6";
}

// The step labels build_trace makes ("phase 3"), listed so the catalog has them; tr_text
// translates them where they are shown.
[[maybe_unused]] const char* const kLabStepLabels[] = {TR_NOOP("phase {0}")};

std::string lab_step_label(const TraceStep& step) {
  static_assert(sizeof(kLabStepLabels) > 0);
  return tr_text(step.label);
}

std::string lab_line_list(const std::vector<int>& lines) {
  std::string out;
  for (size_t i = 0; i < lines.size() && i < 12; ++i)
    out += (i ? ", " : "") + std::to_string(lines[i]);
  if (lines.size() > 12) out += ", \xE2\x80\xA6";
  return out;
}

// One line on the run as a whole: its first problem, or that it is correct.
std::string lab_verdict(const LabFigureInput& in, bool& bad) {
  const lab::Result& r = *in.result;
  // Out-of-bounds accesses and races are counted in full (the list stops at 20 with a summary).
  const int64_t oob = lab::problem_count(r, lab::DiagKind::OutOfBounds);
  const int64_t races = lab::problem_count(r, lab::DiagKind::Race);
  int wrong = 0, other = 0;
  const lab::Diagnostic* first = nullptr;
  for (const lab::Diagnostic& d : r.diagnostics) {
    if (d.kind == lab::DiagKind::CompileWarning) continue;
    first = first ? first : &d;
    wrong += d.kind == lab::DiagKind::WrongAnswer;
    other += d.kind != lab::DiagKind::OutOfBounds && d.kind != lab::DiagKind::Race &&
             d.kind != lab::DiagKind::WrongAnswer;
  }
  bad = first != nullptr;
  if (!first) return tr("no problems found: every output matches the reference");
  std::string counts;
  auto add = [&](int64_t n, const char* one, const char* many) {
    if (n) counts += (counts.empty() ? "" : " · ") + (n == 1 ? std::string(tr(one)) : trf(many, n));
  };
  add(oob, TR_NOOP("1 out-of-bounds access"), TR_NOOP("{0} out-of-bounds accesses"));
  add(races, TR_NOOP("1 race"), TR_NOOP("{0} races"));
  add(wrong, TR_NOOP("1 wrong output"), TR_NOOP("{0} wrong outputs"));
  add(other, TR_NOOP("1 other problem"), TR_NOOP("{0} other problems"));
  return counts + " — " + lab_diagnostic_text(r, *first, in.args, in.expected);
}

// The title, the run's size, backend and launch, the step with its lines, and the verdict.
void lab_draw_header(gfx::Canvas& c, const LabFigureInput& in, int current, const gfx::Palette& p,
                     float font) {
  const lab::Result& r = *in.result;
  const LabFigureData& data = *in.data;
  const Trace& trace = r.trace;
  const TraceStep& s = trace.steps[size_t(current)];
  const Vec2 size = c.size();
  c.begin_group("lab-header");
  c.text({4, 2}, lab_fit(c, in.exercise, font * 1.25f, size.x - 8), font * 1.25f, p.text);
  const std::string detail =
      trf("{0} · {1} · grid {2}×{3} of blocks {4}×{5} · {6} threads", tr_text(in.size),
          r.backend_name, in.launch.grid_x, in.launch.grid_y, in.launch.block_x, in.launch.block_y,
          int64_t{s.grid_dim} * s.block_dim) +
      " · " +
      (in.launch_from.empty() ? std::string(tr("the exercise's default launch"))
                              : trf("block from {0} in your source", in.launch_from));
  c.text({4, 4 + font * 1.4f}, lab_fit(c, detail, font * 0.85f, size.x - 8), font * 0.85f,
         p.text_muted);
  const StepCounters& sc = data.counters.per_step[current];
  std::string step_line =
      trf("step {0} of {1}: {2} — {3} active in {4}", current + 1, trace.steps.size(),
          lab_step_label(s), count_text(sc.active_threads, "thread"),
          count_text(sc.active_warps, "warp"));
  if (sc.divergent_warps) step_line += " · " + trf("{0} divergent", sc.divergent_warps);
  const std::vector<int>& lines = data.step_lines[size_t(current)];
  if (lines.size() == 1)
    step_line += " · " + trf("source line {0}", lines[0]);
  else if (!lines.empty())
    step_line += " · " + trf("source lines {0}", lab_line_list(lines));
  c.text({4, 6 + font * 2.6f}, lab_fit(c, step_line, font, size.x - 8), font, p.text);
  bool bad = false;
  const std::string verdict = lab_verdict(in, bad);
  c.text({4, 8 + font * 3.7f}, lab_fit(c, verdict, font, size.x - 8), font,
         bad ? p.mismatch : p.text);
  c.end_group();
}

// Each row titled with its phase and the source lines it ran: rows and code side by side.
std::vector<std::string> lab_row_titles(const Trace& trace, const LabFigureData& data) {
  std::vector<std::string> titles;
  for (size_t st = 0; st < trace.steps.size(); ++st) {
    const std::vector<int>& at = data.step_lines[st];
    std::string title = lab_step_label(trace.steps[st]);
    if (at.size() == 1)
      title += " · " + trf("source line {0}", at[0]);
    else if (!at.empty())
      title += " · " + trf("lines {0}", lab_line_list(at));
    titles.push_back(title);
  }
  return titles;
}

}  // namespace

gfx::Color lab_race_color(const gfx::Palette& p) {
  return mix(p.mismatch, p.highlight, 0.45f);
}

LabFigureKey draw_lab_figure(gfx::Canvas& c, gfx::Theme theme, const LabFigureInput& in) {
  const gfx::Palette& p = gfx::palette(theme);
  LabFigureKey key;
  const bool has_trace = in.result && in.data && !in.result->trace.steps.empty() &&
                         in.data->snapshots.size() == in.result->trace.steps.size() &&
                         in.data->step_lines.size() == in.result->trace.steps.size();
  if (!has_trace) {
    std::string why = in.status;
    if (why.empty() && in.result && !in.result->compiled) why = tr("the kernel did not compile");
    if (why.empty() && in.result) why = tr("this run has no trace (untraced or stopped early)");
    draw_no_run(c, p, why);
    return key;
  }
  const lab::Result& r = *in.result;
  const LabFigureData& data = *in.data;
  const Trace& trace = r.trace;
  const Vec2 size = c.size();
  c.rect_filled({0, 0}, size, p.background);
  const float font = std::max(12.0f, std::min(size.y / 36.0f, size.x / 64.0f));
  const int current = std::clamp(in.step, 0, static_cast<int>(trace.steps.size()) - 1);
  key.step = current;

  lab_draw_header(c, in, current, p, font);

  const bool any_marks =
      !data.out_of_bounds.empty() || !data.races.empty() || !data.wrong_cells.empty();
  const float header = 12 + font * 5.0f;
  const float legend_h = font * 1.6f * (any_marks ? 2 : 1);
  const float footer = font * 2.7f + 8;  // the totals, then the colour key when values are colours
  key.tree_origin = {0, header};
  key.grid_shape = lab_output_grid(trace, in.launch);
  const bool grid = key.grid_shape.buffer >= 0;
  std::vector<int> unshown = lab_unshown_wrong_buffers(trace, data, current);
  if (unshown.size() > 2) unshown.resize(2);
  const float strip_h = font * 1.8f;
  const float body_h =
      std::max(10.0f, size.y - header - footer - legend_h - strip_h * float(unshown.size()));
  SubCanvas tree(c, key.tree_origin, {grid ? size.x * 0.62f : size.x, body_h});
  TraceTreeInput tin;
  tin.trace = &trace;
  tin.snapshots = &data.snapshots;
  tin.counters = &data.counters;
  tin.mismatch = data.wrong.empty() ? nullptr : &data.wrong;
  tin.current_step = current;
  tin.show_ops = false;  // a student kernel has no operator events: only reads and writes
  const std::vector<std::string> titles = lab_row_titles(trace, data);
  tin.step_titles = &titles;
  c.begin_group("lab-trace");
  key.tree = draw_trace_tree(tree, tin, p);
  draw_lab_marks(tree, in, key.tree, key.tree_origin, p, font * 0.8f, key.marks);
  c.end_group();
  c.begin_group("lab-wrong-outputs");
  for (size_t k = 0; k < unshown.size(); ++k)
    draw_lab_output_strip(c, in, unshown[k], current, {0, header + body_h + 4 + strip_h * k},
                          grid ? size.x * 0.62f : size.x, strip_h, p, font * 0.8f, key.marks);
  c.end_group();
  if (grid) {
    c.begin_group("lab-output-grid");
    key.grid = draw_lab_output_grid(c, in, key.grid_shape, current, {size.x * 0.64f, header},
                                    {size.x - 6, header + body_h}, p, font * 0.8f);
    c.end_group();
  }

  const Counters& t = data.counters;
  const std::string totals =
      trf("totals: {0} steps · {1} global sectors · {2} bank conflicts · {3} atomics · {4} "
          "barriers · {5} divergent warps",
          t.steps, t.global_requests, t.bank_conflicts, t.atomics, t.barriers, t.divergent_warps);
  const float y = size.y - footer - legend_h;
  // The tree's last lane strip reaches a few pixels under its area: the totals keep clear of it.
  c.text({4, y + 8}, lab_fit(c, totals, font * 0.85f, size.x - 8), font * 0.85f, p.text);
  if (key.tree.values_as_colour)
    draw_value_colour_bar(c, {size.x * 0.5f, y + 8 + font * 1.15f}, {size.x * 0.15f, font * 0.7f},
                          font * 0.75f, p);
  c.begin_group("legend");
  draw_trace_legend(c, {4, size.y - legend_h + 4}, font * 0.8f, p, false);
  if (any_marks) {
    LegendLine marks(c, {4, size.y - legend_h * 0.5f + 4}, font * 0.8f, p);
    if (!data.out_of_bounds.empty()) {
      marks.filled(p.mismatch);
      marks.label(tr("out-of-bounds access (lane)"));
    }
    if (!data.races.empty()) {
      marks.filled(lab_race_color(p));
      marks.label(tr("race (both lanes, the cell)"));
    }
    if (!data.wrong_cells.empty()) {
      marks.outlined(p.mismatch, 2.5f);
      marks.label(tr("wrong output"));
    }
  }
  c.end_group();
  return key;
}

}  // namespace ws::app
