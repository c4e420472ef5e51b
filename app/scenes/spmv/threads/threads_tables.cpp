// The threads figure's tables (threads_view.h): the facts of each step (a window of rows around
// the one shown) and, per variant on the same input, the whole run's totals, so switching the
// variant compares them.
#include <algorithm>
#include <cstdio>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "threads_view.h"
#include "views/cell_rows.h"

namespace ws::app {

namespace {

std::string threads_percent(double fraction) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", fraction * 100);
  return text;
}

void threads_table_row(gfx::Canvas& c, float x, float y, float w, const float* cols, int n,
                       const std::string* cells, float font, gfx::Color colour) {
  for (int k = 0; k < n; ++k) {
    const float right = k + 1 < n ? cols[k + 1] * w : w;
    c.text({x + cols[k] * w, y}, fit_text(c, cells[k], font, right - cols[k] * w - 2), font,
           colour);
  }
}

}  // namespace

void draw_threads_step_table(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                             const ThreadsShown& shown, const gfx::Palette& p, float font) {
  const spmv::SpmvTeachRun& run = shown.taught.run;
  const int n = int(shown.analysis.steps.size());
  const float f = font * 0.72f;
  const float row_h = f * 1.45f;
  const float w = max.x - min.x;
  const float cols[] = {0, 0.42f, 0.5f, 0.6f, 0.71f, 0.8f, 0.9f};
  const std::string head[] = {tr("step"),    tr("busy"),    tr("finished"), tr("divergent"),
                              tr("col sec"), tr("val sec"), tr("x sec")};
  threads_table_row(c, min.x, min.y, w, cols, 7, head, f, p.text_muted);
  const int fit = std::max(1, int((max.y - min.y) / row_h) - 1);
  const int shown_rows = std::min(n, fit);
  const int first = std::clamp(shown.step - shown_rows / 2, 0, std::max(0, n - shown_rows));
  for (int i = first; i < first + shown_rows; ++i) {
    const ThreadsStepFacts& s = shown.analysis.steps[size_t(i)];
    const float y = min.y + row_h * float(i - first + 1);
    if (i == shown.step)
      c.rect_filled({min.x - 2, y - 1}, {max.x, y + row_h - 2}, p.highlight.with_alpha(60));
    std::string label = std::to_string(i + 1) + " " + kernel_text(run.trace.steps[size_t(i)].label);
    if (s.atomics > 0)
      label += " · " + trf("{0} atomics, chain {1}", s.atomics, s.max_atomic_chain);
    if (s.padding_reads > 0) label += " · " + trf("{0} padding", s.padding_reads);
    const std::string cells[] = {label,
                                 std::to_string(s.busy_lanes),
                                 std::to_string(s.finished_lanes),
                                 std::to_string(s.divergent_warps),
                                 std::to_string(s.sectors_col),
                                 std::to_string(s.sectors_val),
                                 std::to_string(s.sectors_x)};
    threads_table_row(c, min.x, y, w, cols, 7, cells, f, p.text);
  }
}

void draw_threads_variant_table(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                                const ThreadsShown& shown, const gfx::Palette& p, float font) {
  const float f = font * 0.72f;
  const float row_h = f * 1.45f;
  const float w = max.x - min.x;
  const float cols[] = {0, 0.25f, 0.35f, 0.48f, 0.62f, 0.76f, 0.88f};
  const std::string head[] = {tr("variant"),   tr("steps"),   tr("sectors"), tr("lane efficiency"),
                              tr("divergent"), tr("atomics"), tr("padding")};
  c.text({min.x, min.y}, tr("the same input, every variant (CPU twins)"), f, p.text_muted);
  threads_table_row(c, min.x, min.y + row_h, w, cols, 7, head, f, p.text_muted);
  float y = min.y + row_h * 2;
  for (const ThreadsSummary& s : shown.variants) {
    if (y + row_h > max.y) break;
    const spmv::SpmvInfo& info = spmv::spmv_info(s.variant);
    if (s.variant == shown.taught.run.params.variant)
      c.rect_filled({min.x - 2, y - 1}, {max.x, y + row_h - 2}, p.highlight.with_alpha(60));
    const std::string name = std::to_string(int(s.variant)) + " " + info.id;
    if (!s.error.empty()) {
      const std::string cells[] = {name, s.error};
      const float error_cols[] = {0, 0.25f};
      threads_table_row(c, min.x, y, w, error_cols, 2, cells, f, p.text_muted);
    } else {
      const std::string cells[] = {
          name,
          std::to_string(s.steps),
          std::to_string(s.sectors),
          threads_percent(s.lane_efficiency),
          std::to_string(s.divergent_warps),
          s.atomics ? trf("{0} (chain {1})", s.atomics, s.longest_atomic_chain) : std::string("0"),
          std::to_string(s.padding_reads)};
      threads_table_row(c, min.x, y, w, cols, 7, cells, f, p.text);
    }
    y += row_h;
  }
}

}  // namespace ws::app
