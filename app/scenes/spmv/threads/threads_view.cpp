// The threads figure's layout, header and matrix (threads_view.h).
#include "threads_view.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;
using spmv::SpmvLaunch;
using spmv::SpmvTeachRun;

struct ThreadsCellOwner {
  SpmvLaunch launch = SpmvLaunch::Main;
  int32_t thread = -1;
  int32_t slot = -1;
};

std::map<std::pair<int32_t, int32_t>, ThreadsCellOwner> threads_cell_owners(
    const SpmvTeachRun& run) {
  std::map<std::pair<int32_t, int32_t>, ThreadsCellOwner> out;
  for (const spmv::SpmvThreadWork& t : run.threads)
    for (int32_t slot : t.slots) {
      const auto cell = slot_cell(run, t.launch, slot);
      if (cell.first >= 0) out[cell] = {t.launch, t.thread, slot};
    }
  return out;
}

std::string threads_who(const SpmvTeachRun& run, SpmvLaunch launch, int32_t thread) {
  const int block = std::max(1, run.params.block_dim);
  const std::string who = trf("thread {0} (block {1}, warp {2}, lane {3})", thread, thread / block,
                              (thread % block) / spmv::kSpmvWarpSize, thread % spmv::kSpmvWarpSize);
  return launch == SpmvLaunch::HybridCoo ? trf("COO part: {0}", who) : who;
}

int threads_buffer(const Trace& trace, const char* name) {
  for (size_t b = 0; b < trace.buffers.size(); ++b)
    if (trace.buffers[b].name == name) return int(b);
  return -1;
}

// The number of each atomic on y[row] of this step in y[row]'s serialization order (from 1).
std::vector<int> threads_atomic_numbers(const SpmvTeachRun& run, int step, int y_buffer,
                                        int32_t row) {
  std::vector<int> out;
  if (size_t(row) >= run.atomic_order.size()) return out;
  const std::vector<int32_t>& order = run.atomic_order[size_t(row)];
  const SpmvLaunch launch = run.steps.at(size_t(step)).launch;
  for (const TraceEvent& e : run.trace.steps.at(size_t(step)).events) {
    if (e.kind != EventKind::Atomic || e.buffer != y_buffer || e.address != row) continue;
    for (const spmv::SpmvThreadWork& t : run.threads)
      if (t.launch == launch && t.thread == e.thread && !t.slots.empty()) {
        const auto it = std::find(order.begin(), order.end(), t.slots.front());
        if (it != order.end()) out.push_back(int(it - order.begin()) + 1);
      }
  }
  return out;
}

}  // namespace

gfx::Color threads_thread_color(const gfx::Palette& p, SpmvLaunch launch, int32_t thread) {
  return p.warp_color(thread / spmv::kSpmvWarpSize + (launch == SpmvLaunch::HybridCoo ? 4 : 0));
}

void draw_threads_matrix(gfx::Canvas& c, Vec2 min, Vec2 max, const ThreadsShown& shown,
                         const gfx::Palette& p, float font, HoverMap& hover) {
  const SpmvTeachRun& run = shown.taught.run;
  const spmv::CsrMatrix& m = run.matrix;
  const int rows = std::max(1, int(m.rows)), cols = std::max(1, int(m.cols));
  const float label_w = font * 2.4f;
  const float head_h = font * 1.1f;
  const float cell = std::min({(max.x - min.x - label_w) / (float(cols) + 2.2f),
                               (max.y - min.y - head_h) / float(rows), font * 2.2f});
  const float x0 = min.x + label_w, y0 = min.y + head_h;
  const float text_font = std::min(font * 0.7f, cell * 0.42f);
  const bool numbers = cell > font * 1.05f;
  const auto owners = threads_cell_owners(run);
  // Who read each cell, and when.
  std::map<std::pair<int32_t, int32_t>, std::vector<const CellRead*>> reads;
  for (const CellRead& r : shown.analysis.reads)
    if (r.row >= 0) reads[{r.row, r.col}].push_back(&r);
  if (numbers)
    for (int col = 0; col < cols; ++col)
      c.text({x0 + (float(col) + 0.5f) * cell, min.y + head_h * 0.5f}, std::to_string(col),
             text_font, p.text_muted, HAlign::Center, VAlign::Middle);
  // Each row's thread, for the variants that give a row a thread.
  std::map<int32_t, std::string> row_labels;
  for (const spmv::SpmvThreadWork& t : run.threads)
    if (t.launch == SpmvLaunch::Main && t.row >= 0 && run.params.variant != spmv::SpmvVariant::Coo)
      row_labels.emplace(t.row, run.params.variant == spmv::SpmvVariant::CsrVector
                                    ? trf("w{0}", t.thread / spmv::kSpmvWarpSize)
                                    : trf("t{0}", t.thread));
  for (int r = 0; r < m.rows; ++r) {
    const float y = y0 + float(r) * cell;
    const auto label = row_labels.find(r);
    const std::string text = label == row_labels.end() ? std::to_string(r) : label->second;
    if (cell > 6)
      c.text({x0 - font * 0.25f, y + cell / 2}, text, text_font, p.text_muted, HAlign::Right,
             VAlign::Middle);
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k) {
      const int32_t col = m.col[size_t(k)];
      const Vec2 lo{x0 + float(col) * cell, y}, hi{lo.x + cell, y + cell};
      const auto owner = owners.find({r, col});
      const gfx::Color colour =
          owner == owners.end()
              ? p.inactive
              : threads_thread_color(p, owner->second.launch, owner->second.thread);
      bool now = false, before = false;
      std::string history;
      const auto it = reads.find({r, col});
      if (it != reads.end())
        for (const CellRead* read : it->second) {
          now = now || read->step == shown.step;
          before = before || read->step < shown.step;
          history += "\n" + trf("read by {0} in step {1} ({2})",
                                threads_who(run, read->launch, read->thread), read->step + 1,
                                kernel_text(run.trace.steps.at(size_t(read->step)).label));
        }
      c.rect_filled(lo, hi, mix(p.cell_fill, colour, now ? 0.85f : before ? 0.5f : 0.22f));
      c.rect(lo, hi, now ? p.highlight : p.cell_border, now ? 2.5f : 1.0f);
      if (numbers)
        c.text({(lo.x + hi.x) / 2, (lo.y + hi.y) / 2},
               format_cell_value(m.val[size_t(k)], BinaryOp::Sum, ValueType::Float64), text_font,
               now ? p.background : p.text, HAlign::Center, VAlign::Middle);
      std::string text_hover =
          trf("A[{0}][{1}] = {2}: nonzero {3} of the CSR arrays", r, col,
              format_cell_value(m.val[size_t(k)], BinaryOp::Sum, ValueType::Float64), k);
      if (owner != owners.end())
        text_hover += "\n" + trf("handled by {0}",
                                 threads_who(run, owner->second.launch, owner->second.thread));
      hover.add(lo, hi, text_hover + history);
    }
  }
  for (int col = 0; col <= cols && numbers; ++col)
    c.line({x0 + float(col) * cell, y0}, {x0 + float(col) * cell, y0 + float(m.rows) * cell},
           p.cell_border.with_alpha(90), 1);
  c.rect({x0, y0}, {x0 + float(cols) * cell, y0 + float(m.rows) * cell}, p.text_muted, 1);
  // y beside the matrix: its value after this step; COO's atomics numbered per element.
  const int y_buffer = threads_buffer(run.trace, "y");
  if (y_buffer < 0) return;
  const float yx = x0 + float(cols) * cell + cell * 0.6f;
  c.text({yx + cell / 2, min.y + head_h * 0.5f}, "y", text_font, p.text_muted, HAlign::Center,
         VAlign::Middle);
  const std::vector<double>* after =
      size_t(shown.step) < shown.taught.traced.snapshots.size()
          ? &shown.taught.traced.snapshots[size_t(shown.step)].at(size_t(y_buffer))
          : nullptr;
  const std::vector<int64_t> written = written_cells(run.trace, shown.step, y_buffer);
  for (int r = 0; r < m.rows; ++r) {
    const Vec2 lo{yx, y0 + float(r) * cell}, hi{yx + cell, lo.y + cell};
    const double v = after && size_t(r) < after->size() ? (*after)[size_t(r)] : NAN;
    const bool now = std::find(written.begin(), written.end(), int64_t(r)) != written.end();
    c.rect_filled(lo, hi, std::isnan(v) ? p.cell_unwritten : p.cell_fill);
    c.rect(lo, hi, now ? p.highlight : p.cell_border, now ? 2.5f : 1.0f);
    if (numbers && !std::isnan(v))
      c.text({(lo.x + hi.x) / 2, (lo.y + hi.y) / 2}, number(v, run.trace.type), text_font, p.text,
             HAlign::Center, VAlign::Middle);
    std::string text = std::isnan(v)
                           ? trf("y[{0}]: not written yet", r)
                           : trf("y[{0}] = {1} after this step", r, number(v, run.trace.type));
    const std::vector<int> numbers_now = threads_atomic_numbers(run, shown.step, y_buffer, r);
    if (size_t(r) < run.atomic_order.size() && !run.atomic_order[size_t(r)].empty())
      text += "\n" + trf(
                         "{0} atomics on y[{1}] in all; this step's are number {2}",
                         run.atomic_order[size_t(r)].size(), r,
                         numbers_now.empty() ? std::string("-") : [&] {
                           std::string list;
                           for (int n : numbers_now)
                             list += (list.empty() ? "" : ", ") + std::to_string(n);
                           return list;
                         }());
    hover.add(lo, hi, text);
    // The atomics of this step on y[r], as numbered badges in serialization order.
    for (size_t k = 0; k < numbers_now.size(); ++k) {
      const Vec2 centre{hi.x + cell * (0.45f + 0.75f * float(k)), (lo.y + hi.y) / 2};
      if (centre.x > max.x) break;
      c.circle_filled(centre, cell * 0.33f, p.atomic);
      c.text(centre, std::to_string(numbers_now[k]), text_font * 0.9f, p.background, HAlign::Center,
             VAlign::Middle);
    }
  }
}

void draw_threads(gfx::Canvas& c, gfx::Theme theme, const ThreadsShown& shown, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const SpmvTeachRun& run = shown.taught.run;
  const spmv::SpmvInfo& info = spmv::spmv_info(run.params.variant);
  const int step = std::clamp(shown.step, 0, std::max(0, int(run.trace.steps.size()) - 1));
  const ThreadsShown at{shown.taught, shown.analysis, shown.variants, step};
  const std::string detail =
      trf("{0} · {1}: {2} x {3}, {4} · {5} threads a block", info.reference, run.matrix.name,
          run.matrix.rows, run.matrix.cols,
          counted(run.matrix.nnz(), TR_NOOP("{0} nonzero"), TR_NOOP("{0} nonzeros")),
          run.params.block_dim);
  const std::string step_line =
      run.trace.steps.empty() ? tr("no steps") : trace_step_line(run.trace, step);
  const float header =
      draw_header(c, kernel_text(info.title), detail, step_line, kernel_text(info.lesson), p, font);
  const Vec2 size = c.size();
  const float pad = font * 0.8f;
  const float left_w = size.x * 0.34f;
  const float tables_h = std::max(size.y * 0.25f, font * 7.5f);
  const float tables_top = size.y - tables_h - pad * 2.2f;
  if (!run.trace.steps.empty()) {
    draw_threads_matrix(c, {pad, header + pad}, {left_w, tables_top - pad}, at, p, font, hover);
    draw_threads_warps(c, {left_w + pad * 1.5f, header + pad}, {size.x - pad, tables_top - pad}, at,
                       p, font, hover);
    draw_threads_step_table(c, {pad, tables_top}, {size.x * 0.48f, size.y - pad * 2.4f}, at, p,
                            font);
  }
  draw_threads_variant_table(c, {size.x * 0.5f, tables_top}, {size.x - pad, size.y - pad * 2.4f},
                             at, p, font);
  draw_swatches(c, {pad, size.y - pad * 2},
                {{p.warp_color(0), tr("busy lane / read this step")},
                 {mix(p.cell_fill, p.warp_color(0), 0.5f), tr("read in an earlier step")},
                 {mix(p.cell_fill, p.warp_color(0), 0.2f), tr("finished lane / not read yet")},
                 {p.inactive, tr("idle lane / padding")},
                 {mix(p.cell_fill, p.divergent, 0.45f), tr("32-byte sector touched")},
                 {p.atomic, tr("atomic on y (its number)")}},
                p, font * 0.8f);
}

}  // namespace ws::app
