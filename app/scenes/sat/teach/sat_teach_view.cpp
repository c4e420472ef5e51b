// The teach figure: the image and the table (and a variant's own buffers) as grids of numbers;
// the cells this step read and wrote outlined, each touched cell tinted by the warp of the thread
// that touched it; the step's memory counters at the bottom.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "common/counters.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "sat_teach_fused_view.h"
#include "sat_teach_mode.h"
#include "scenes/sat/sat_panels.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/legend.h"

namespace ws::app {

namespace {

using gfx::Vec2;
using sat_teach::fused_buffer_shown;
using sat_teach::fused_grid_shape;
using sat_teach::fused_row_slices;
using sat_teach::GridShape;
using sat_teach::is_fused;
using sat_teach::RowSlice;
using sat_teach::step_block;
using sat_teach::walk_focus;
using sat_teach::WalkFocus;

// How a buffer is drawn as a grid: the image and the table are w x h, the transposed copy h x w,
// the transpose's padded shared tile T x (T + 1) (the part the run wrote), the fused filter's own
// (sat_teach_fused_view.h); anything else (tiles of other variants, aggregates, flags) is drawn as
// rows of cells.
bool grid_shape(const Trace& trace, int b, int w, int h, GridShape& g) {
  const TraceBuffer& buf = trace.buffers[b];
  if (is_fused(trace)) return fused_grid_shape(buf, w, h, g);
  if (buf.space == MemSpace::Global && (buf.name == "in" || buf.name == "sat")) {
    g = {w, h, w, false, buf.name == "in" ? tr("image (in)") : tr("table (sat)")};
    return true;
  }
  if (buf.space == MemSpace::Global && buf.name == "tmp" && buf.size == w * h) {
    g = {h, w, h, false, tr("tmp (the image transposed)")};
    return true;
  }
  if (buf.space == MemSpace::Shared && buf.name == "tile") {
    // T x (T + 1): the padding column keeps a column of the tile in 32 different banks.
    int t = 1;
    while ((t + 1) * (t + 2) <= buf.size) ++t;
    if (t * (t + 1) != buf.size) return false;
    // The part any step writes (a small image uses a corner of the 32 x 33 tile).
    int used_w = 0, used_h = 0;
    for (const TraceStep& step : trace.steps)
      for (const TraceEvent& e : step.events)
        if (e.buffer == b && e.kind == EventKind::Write) {
          used_w = std::max(used_w, e.address % (t + 1) + 1);
          used_h = std::max(used_h, e.address / (t + 1) + 1);
        }
    if (used_w == 0) return false;
    g = {used_w, used_h, t + 1, true, trf("tile (shared, {0} x {1} padded)", t, t + 1)};
    return true;
  }
  return false;
}

struct Touch {
  int32_t thread = -1;
  bool read = false, written = false;
};

// The warp a launch-wide thread id belongs to: warps never span blocks, so a block of 3 threads
// is a warp of its own.
int warp_of(int32_t thread, int block_dim, int warp_size) {
  const int b = std::max(block_dim, 1);
  const int warps_per_block = (b + warp_size - 1) / warp_size;
  return (thread / b) * warps_per_block + (thread % b) / warp_size;
}

// Table values as students read them: whole numbers in full (a rounded f32 sum must show its
// last digit), others with up to 7 significant digits.
std::string table_number(double v) {
  if (v != v) return "";
  char text[32];
  if (v == std::floor(v) && std::abs(v) < 1e12)
    std::snprintf(text, sizeof text, "%.0f", v);
  else
    std::snprintf(text, sizeof text, "%.7g", v);
  return text;
}

// What the hover says about cell (x, y) of buffer `b`'s grid, element `address`, at `step`: its
// value, and which threads read, wrote, computed or updated it in that step.
std::string describe_cell(const Taught<sat::TeachRun>& taught, int step, int b, int x, int y,
                          int64_t address) {
  const sat::TeachRun& run = taught.run;
  const TraceStep& s = run.trace.steps.at(step);
  const TraceBuffer& buf = run.trace.buffers[b];
  const int64_t local = address % std::max<int64_t>(buf.size, 1);
  const double v = taught.traced.snapshots.at(step).at(b).at(address);
  std::string text = trf("{0}[{1}][{2}] = {3}", kernel_text(buf.name), y, x,
                         v != v ? std::string(tr("not written yet")) : number(v, buf.type));
  for (const TraceEvent& e : s.events) {
    const bool same_block =
        buf.space != MemSpace::Shared || e.thread / std::max(s.block_dim, 1) == address / buf.size;
    if (e.buffer != b || e.address != local || !same_block) continue;
    const char* what =
        e.kind == EventKind::Read ? TR_NOOP("read by thread {0} (block {1}, warp {2}, lane {3})")
        : e.kind == EventKind::Write
            ? TR_NOOP("written by thread {0} (block {1}, warp {2}, lane {3})")
        : e.kind == EventKind::Op
            ? TR_NOOP("computed by thread {0} (block {1}, warp {2}, lane {3})")
            : TR_NOOP("updated atomically by thread {0} (block {1}, warp {2}, lane {3})");
    const int bd = std::max(s.block_dim, 1);
    text += "\n" + trf(what, e.thread, e.thread / bd, warp_of(e.thread, bd, run.trace.warp_size),
                       (e.thread % bd) % run.trace.warp_size);
  }
  return text;
}

}  // namespace

void SatTeachMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  const Taught<sat::TeachRun>* taught_run = taught();
  if (!taught_run) {
    draw_no_run(c, pal, error());
    return;
  }
  const float font = figure_ground(c, pal);
  const sat::TeachRun& run = taught_run->run;
  const int step = this->step();
  const TraceStep& s = run.trace.steps.at(step);
  const sat::VariantInfo& vi = sat::info(run.params.variant);
  const bool fused = run.params.kernel == sat::TeachKernel::FusedFilter;
  const std::string title = fused ? kernel_text(sat::kFusedTeachTitle)
                                  : trf("Summed-area table: {0}", kernel_text(vi.title));
  const std::string detail =
      fused ? trf("{0}, radius {1}, u8 image, u32 sums, {2} backend", kernel_text(input_.label),
                  run.params.radius, backend_name(backend()))
            : trf("{0}, {1} table, {2} backend", kernel_text(input_.label),
                  accum_label(run.params.accum), backend_name(backend()));
  const std::string step_line =
      trf("step {0} of {1}: {2}", step + 1, run.trace.steps.size(), kernel_text(s.label));
  float top = draw_header(c, title, detail, step_line,
                          kernel_text(fused ? sat::kFusedTeachLesson : vi.lesson), pal, font);

  // Who touched what in this step.
  std::map<std::pair<int, int64_t>, Touch> touched;
  // Shared buffers are keyed by block * size + address, as their snapshots are laid out.
  for (const TraceEvent& e : s.events) {
    const TraceBuffer& tb = run.trace.buffers[e.buffer];
    const int64_t address = tb.space == MemSpace::Shared
                                ? int64_t(e.thread / std::max(s.block_dim, 1)) * tb.size + e.address
                                : e.address;
    Touch& t = touched[{e.buffer, address}];
    if (t.thread < 0) t.thread = e.thread;
    if (e.kind == EventKind::Read) t.read = true;
    if (e.kind == EventKind::Write || e.kind == EventKind::Atomic) t.written = true;
  }
  const auto& snap = taught_run->traced.snapshots.at(step);
  const int w = run.width, h = run.height;
  const int warp = run.trace.warp_size;
  auto touched_cell = [&](int buffer, int64_t address, GridCell& cell) {
    const auto it = touched.find({buffer, address});
    if (it == touched.end()) return;
    cell.read = it->second.read;
    cell.written = it->second.written;
    cell.fill =
        mix(pal.cell_fill, pal.warp_color(warp_of(it->second.thread, s.block_dim, warp)), 0.45f);
    if (cell.written) cell.note = "t" + std::to_string(it->second.thread);
  };

  // Grids side by side, the other buffers as rows under them.
  // Grids in the order the data flows: the image, the transposed copy and the tile, the table.
  std::vector<int> grid_buffers, row_buffers;
  for (int b = 0; b < static_cast<int>(run.trace.buffers.size()); ++b) {
    GridShape shape;
    if (fused && !fused_buffer_shown(run.trace, s, b)) continue;
    (grid_shape(run.trace, b, w, h, shape) ? grid_buffers : row_buffers).push_back(b);
  }
  const WalkFocus focus = fused ? walk_focus(run, step, shown_block_) : WalkFocus{};
  // The rows under the grids: one a buffer (the fused filter's V and E: one per slice).
  size_t row_count = row_buffers.size();
  if (fused) {
    row_count = 0;
    for (int b : row_buffers)
      row_count += fused_row_slices(run.trace.buffers[b], w, focus.block, focus.iteration).size();
  }
  std::stable_sort(grid_buffers.begin(), grid_buffers.end(), [&](int a, int b) {
    return (run.trace.buffers[a].name == "sat") < (run.trace.buffers[b].name == "sat");
  });
  const Vec2 size = c.size();
  const float margin = font;
  float rows_h = row_buffers.empty() ? 0 : std::min(size.y * 0.3f, font * 3.2f * float(row_count));
  // The most the rows below use: cells at most 2.4 times their font (0.8 font) high, and a gap.
  const float rows_natural_h = font * 0.8f * 2.4f * 1.35f * float(row_count);
  const float legend_h = font * 1.6f, footer_h = font * 1.8f;
  const float slot = (size.x - margin) / std::max<size_t>(grid_buffers.size(), 1);
  // Grids as wide as their slot allow may not need all the height (a wide, short image): the rows
  // take what they leave, up to their natural height, so that many rows (variant 5's eight) keep
  // legible cells. The grid's height as draw_value_grid lays it out: caption, x indices, cells.
  if (rows_h < rows_natural_h) {
    float grids_h = 0;
    for (int b : grid_buffers) {
      GridShape shape;
      grid_shape(run.trace, b, w, h, shape);
      const float index_font = font * 0.7f;
      const float cell =
          std::min((slot - margin - index_font * 2.2f) / std::max(shape.width, 1), font * 7.0f);
      grids_h = std::max(grids_h, font * 1.5f + index_font * 1.3f + cell * shape.height);
    }
    const float room = size.y - footer_h - legend_h - rows_h - margin * 0.5f - top;
    if (grids_h < room) rows_h = std::min(rows_natural_h, rows_h + (room - grids_h));
  }
  const float grid_bottom = size.y - footer_h - legend_h - rows_h - margin * 0.5f;
  for (size_t k = 0; k < grid_buffers.size(); ++k) {
    const int b = grid_buffers[k];
    const TraceBuffer& buf = run.trace.buffers[b];
    GridShape shape;
    grid_shape(run.trace, b, w, h, shape);
    const int gw = shape.width, gh = shape.height;
    const std::vector<double>& values = snap.at(b);
    const ValueType type = buf.type;
    // A shared tile: the block this step works in (its first thread's), else block 0.
    int64_t offset = 0;
    std::string caption = shape.caption;
    if (focus.shown && buf.name == "image")
      caption = focus.pixel ? trf("image, outlined: the window of output pixel ({0}, {1})", focus.x,
                                  focus.y)
                            : trf("image, outlined: the rows V sums for output row {0}", focus.y);
    if (shape.shared) {
      int block = fused ? step_block(s) : 0;
      for (const TraceEvent& e : s.events)
        if (!fused && e.buffer == b) {
          block = e.thread / std::max(s.block_dim, 1);
          break;
        }
      block = std::min(block, buf.blocks - 1);
      offset = int64_t(block) * buf.size;
      if (buf.blocks > 1) caption = trf("{0}, block {1}", caption, block);
    }
    const Vec2 min{margin + slot * k, top}, max{margin + slot * (k + 1) - margin, grid_bottom};
    const bool pixels = buf.name == "in" || buf.name == "image" || buf.name == "output";  // 0..255
    GridGeometry g = draw_value_grid(
        c, min, max, gw, gh,
        [&](int x, int y) {
          GridCell cell;
          const int64_t address = offset + int64_t(y) * shape.stride + x;
          const double v = values.at(address);
          cell.unwritten = v != v;
          cell.text = type == ValueType::Int32 ? number(v, type) : table_number(v);
          if (pixels && !cell.unwritten) {  // too small for numbers: the picture in grey
            const auto level = static_cast<uint8_t>(std::clamp(v, 0.0, 255.0) + 0.5);
            cell.shade = {level, level, level, 255};
          }
          touched_cell(b, address, cell);
          cell.emphasis = focus.pixel && buf.name == "output" && x == focus.x && y == focus.y;
          return cell;
        },
        caption, pal, font);
    if (focus.shown && buf.name == "image") {
      const sat::filter_rule::Window& win = focus.window;
      c.rect(g.cell_min(win.x0, win.y0), g.cell_max(win.x1, win.y1), pal.highlight,
             std::max(2.0f, g.cell * 0.12f));
    }
    add_grid_hover(hover(), g, [taught_run, step, b, stride = shape.stride, offset](int x, int y) {
      return describe_cell(*taught_run, step, b, x, y, offset + int64_t(y) * stride + x);
    });
  }
  // The variant's own buffers (shared tiles, published aggregates and flags).
  if (!row_buffers.empty()) {
    std::vector<CellRow> rows;
    for (int b : row_buffers) {
      const TraceBuffer& buf = run.trace.buffers[b];
      CellRow row;
      row.label = kernel_text(buf.name);
      if (buf.space == MemSpace::Shared) row.label = trf("{0} (shared)", row.label);
      // A lane's register, one cell per lane (variant 5's running sums): never in memory.
      if (buf.space == MemSpace::Register) row.label = trf("{0} (registers)", row.label);
      const std::vector<double>& values = snap.at(b);
      // A shared buffer exists once per block: show the block this step works in (the block of
      // the first thread that touches it), else block 0.
      size_t first = 0, count = values.size();
      int block = -1;
      if (!fused && buf.space == MemSpace::Shared && buf.blocks > 1) {
        block = 0;
        for (const TraceEvent& e : s.events)
          if (e.buffer == b) {
            block = e.thread / std::max(s.block_dim, 1);
            break;
          }
        block = std::min(block, buf.blocks - 1);
        first = size_t(block) * buf.size;
        count = size_t(buf.size);
        row.label = trf("{0} block {1}", row.label, block);
      }
      const size_t shown = std::min<size_t>(count, 64);
      if (count > shown) row.label = trf("{0} (first 64)", row.label);
      // The fused filter's V and E: w cells a row.
      std::vector<RowSlice> slices = fused ? fused_row_slices(buf, w, focus.block, focus.iteration)
                                           : std::vector<RowSlice>{{first, shown, row.label}};
      for (const RowSlice& slice : slices) {
        CellRow part;
        part.label = slice.label;
        for (size_t i = slice.first; i < slice.first + slice.count; ++i) {
          Cell cell;
          const double v = values[i];
          cell.unwritten = v != v;
          cell.text = buf.type == ValueType::Int32 ? number(v, buf.type) : table_number(v);
          GridCell gc;
          touched_cell(b, int64_t(i), gc);
          cell.fill = gc.read && !gc.written ? mix(pal.cell_fill, pal.read, 0.35f) : gc.fill;
          cell.emphasis = gc.written;
          part.cells.push_back(cell);
        }
        rows.push_back(part);
      }
    }
    draw_rows(c, {margin, grid_bottom + margin * 0.3f}, {size.x - 2 * margin, rows_h}, rows, pal,
              font * 0.8f, font * 2.4f);
  }
  // Key and counters.
  LegendLine key(c, {margin, size.y - footer_h - legend_h}, font * 0.8f, pal);
  key.outlined(pal.read, 2);
  key.label(tr("read this step"));
  key.outlined(pal.write, 3);
  key.label(tr("written this step"));
  for (int k = 0; k < 4; ++k) key.strip(mix(pal.cell_fill, pal.warp_color(k), 0.45f));
  key.end_strips();
  key.label(row_buffers.empty()
                ? tr("tint: the warp of the thread that touched the cell; t3: the thread that "
                     "wrote it")
                : tr("tint: the warp of the thread that touched the cell; t3: the thread that "
                     "wrote it; rows: yellow outline written, blue tint only read"));
  const StepCounters& sc = taught_run->traced.counters.per_step.at(step);
  std::string footer =
      trf("{0} in {1}, {2}, {3} this step; run: {4}",
          counted(sc.active_threads, TR_NOOP("{0} thread"), TR_NOOP("{0} threads")),
          counted(sc.active_warps, TR_NOOP("{0} warp"), TR_NOOP("{0} warps")),
          counted(sc.global_requests, TR_NOOP("{0} global sector"), TR_NOOP("{0} global sectors")),
          counted(sc.bank_conflicts, TR_NOOP("{0} bank conflict"), TR_NOOP("{0} bank conflicts")),
          counted(taught_run->traced.counters.global_requests, TR_NOOP("{0} global sector"),
                  TR_NOOP("{0} global sectors")));
  if (taught_run->traced.twin.ran)
    footer +=
        taught_run->traced.twin.matches() ? tr("; GPU trace == CPU trace") : tr("; GPU != CPU");
  draw_footer(c, footer, pal, font,
              taught_run->traced.twin.ran && !taught_run->traced.twin.matches() ? pal.mismatch
                                                                                : pal.text_muted);
}

}  // namespace ws::app
