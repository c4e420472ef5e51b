#include "trace_tree_view.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "common/inputs.h"
#include "common/trace_cluster.h"
#include "i18n/i18n.h"
#include "interop/colormap.h"
#include "views/figure_parts.h"

namespace ws::app {

using gfx::Color;
using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

int focus_buffer(const TraceStep& step) {
  std::map<int, int> writes;
  int best = -1, best_count = 0;
  for (const TraceEvent& e : step.events) {
    if (e.kind != EventKind::Write && e.kind != EventKind::Atomic) continue;
    const int count = ++writes[e.buffer];
    if (count > best_count || (count == best_count && e.buffer < best)) {
      best = e.buffer;
      best_count = count;
    }
  }
  return best;
}

namespace {

constexpr int kMaxArrows = 1500;

Color viridis(double v, const TraceTreeKey& key) {
  const double t = key.hi > key.lo ? (v - key.lo) / (key.hi - key.lo) : 0.5;
  return interop::colormap_color(interop::Colormap::Viridis, static_cast<float>(t));
}

Color blend(Color a, Color b, float t) {
  auto mix = [t](uint8_t x, uint8_t y) { return static_cast<uint8_t>(x + (y - x) * t + 0.5f); };
  return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b), 255};
}

struct Row {
  int step;    // -1: the initial input
  int buffer;  // buffer whose cells the row shows
};

struct Layout {
  float label_w, x0, cell_w, pitch, cell_h, lane_h, arrow_gap;
  float value_font;  // one size for every row: the largest at which the widest value fits
  float area_w, max_cell_w;
  TraceTreeKey key;
  float cell_y(int row) const { return row * pitch + arrow_gap; }
  float cell_x(int64_t index) const { return x0 + static_cast<float>(index) * cell_w; }
};

int64_t flat_index(const Trace& trace, const TraceStep& step, const TraceEvent& e) {
  const TraceBuffer& b = trace.buffers[e.buffer];
  int64_t index = e.address;
  if (b.space == MemSpace::Shared) index += int64_t{e.thread / step.block_dim} * b.size;
  return index;
}

const char* space_name(MemSpace s) {
  switch (s) {
    case MemSpace::Global:
      return tr("global");
    case MemSpace::Shared:
      return tr("shared");
    case MemSpace::Constant:
      return tr("constant");
    default:
      return tr("registers");
  }
}

Color row_tint(const gfx::Palette& p, MemSpace s) {
  switch (s) {
    case MemSpace::Global:
      return p.global_row;
    case MemSpace::Shared:
      return p.shared_row;
    case MemSpace::Constant:
      return p.global_row;
    default:
      return p.register_row;
  }
}

// Which thread wrote each cell of the row's buffer in the row's step (-1: none).
std::map<int64_t, int32_t> writers(const Trace& trace, const TraceStep& step, int buffer) {
  std::map<int64_t, int32_t> out;
  for (const TraceEvent& e : step.events)
    if ((e.kind == EventKind::Write || e.kind == EventKind::Atomic) && e.buffer == buffer)
      out[flat_index(trace, step, e)] = e.thread;
  return out;
}

void draw_cells(gfx::Canvas& c, const TraceTreeInput& in, const gfx::Palette& p, const Layout& L,
                int row_index, const Row& row, TraceTreeRowGeometry& geometry) {
  const Trace& trace = *in.trace;
  const TraceBuffer& buffer = trace.buffers[row.buffer];
  const std::vector<double>& values =
      row.step < 0 ? buffer.initial : (*in.snapshots)[row.step][row.buffer];
  const float y = L.cell_y(row_index);
  const int64_t count = static_cast<int64_t>(values.size());
  // Without arrows (cells under 3 px) a short row, such as the one-cell result, may be drawn wider
  // than the long rows so it stays visible.
  const float row_w = L.cell_w >= 3
                          ? L.cell_w
                          : std::max(L.cell_w, std::min(L.max_cell_w * 0.5f,
                                                        L.area_w / std::max<int64_t>(1, count)));
  auto cell_x = [&](int64_t i) { return L.x0 + static_cast<float>(i) * row_w; };
  geometry.step = row.step;
  geometry.buffer = row.buffer;
  geometry.x0 = L.x0;
  geometry.y = y;
  geometry.cell_w = row_w;
  geometry.cell_h = L.cell_h;
  geometry.cells = count;
  TraceTreeKey key = L.key;  // values as colour: each row on its own scale, so every level shows
  if (key.values_as_colour) {
    bool first = true;
    for (double v : values) {
      if (std::isnan(v)) continue;
      key.lo = first ? v : std::min(key.lo, v);
      key.hi = first ? v : std::max(key.hi, v);
      first = false;
    }
  }
  c.rect_filled({L.x0 - 3, y - 3}, {cell_x(count) + 3, y + L.cell_h + 3}, row_tint(p, buffer.space),
                3);
  std::map<int64_t, int32_t> written;
  int warps_per_block = 1;
  if (row.step >= 0) {
    const TraceStep& step = trace.steps[row.step];
    written = writers(trace, step, row.buffer);
    warps_per_block = (step.block_dim + trace.warp_size - 1) / trace.warp_size;
  }
  const float font = L.value_font;
  const bool borders = L.cell_w >= 4;
  for (int64_t i = 0; i < count; ++i) {
    const Vec2 a{cell_x(i), y};
    const Vec2 b{cell_x(i + 1), y + L.cell_h};
    const double v = values[i];
    Color fill = std::isnan(v) ? p.cell_unwritten : p.cell_fill;
    auto w = written.find(i);
    if (w != written.end()) {
      const TraceStep& step = trace.steps[row.step];
      const int block = w->second / step.block_dim;
      const int warp = (w->second % step.block_dim) / trace.warp_size;
      fill = blend(p.warp_color(block * warps_per_block + warp), p.background, 0.55f);
    }
    if (key.values_as_colour && !std::isnan(v)) fill = viridis(v, key);
    c.rect_filled(a, b, fill);
    if (borders) c.rect(a, b, p.cell_border, 1.0f);
    if (key.values_as_colour && w != written.end() && row_w >= 3)
      c.rect(a, b, p.highlight, 1.5f);  // written in this step
    const bool bad = in.mismatch && row.step >= 0 && row.step < (int)in.mismatch->size() &&
                     row.buffer < (int)(*in.mismatch)[row.step].size() &&
                     i < (int64_t)(*in.mismatch)[row.step][row.buffer].size() &&
                     (*in.mismatch)[row.step][row.buffer][i];
    if (bad) c.rect(a - Vec2{1, 1}, b + Vec2{1, 1}, p.mismatch, 3.0f);
    if (std::isnan(v) || font < 7) continue;
    const std::string text = format_cell_value(v, trace.op, trace.type);
    if (c.text_size(text, font).x > row_w - 2) continue;
    c.text({(a.x + b.x) / 2, (a.y + b.y) / 2}, text, font, p.text, HAlign::Center, VAlign::Middle);
  }
  // Block boundaries of per-block buffers: a heavier line every `size` cells.
  if (buffer.space == MemSpace::Shared && buffer.blocks > 1)
    for (int blk = 1; blk < buffer.blocks; ++blk) {
      const float x = cell_x(int64_t{blk} * buffer.size);
      c.line({x, y - 4}, {x, y + L.cell_h + 4}, p.text, 2.5f);
    }
}

void draw_lanes(gfx::Canvas& c, const TraceTreeInput& in, const gfx::Palette& p, const Layout& L,
                int row_index, int step_index, float area_w, TraceTreeRowGeometry& geometry) {
  const Trace& trace = *in.trace;
  const TraceStep& step = trace.steps[step_index];
  const int threads = step.grid_dim * step.block_dim;
  const float lane_w = std::min(L.cell_w, area_w / std::max(1, threads));
  const float y = L.cell_y(row_index) + L.cell_h + 3;
  geometry.lanes_y = y;
  geometry.lanes_h = L.lane_h;
  geometry.lane_w = lane_w;
  geometry.threads = threads;
  std::vector<bool> active(threads, false);
  for (const TraceEvent& e : step.events)
    if (e.kind != EventKind::Skip && e.thread >= 0 && e.thread < threads) active[e.thread] = true;
  const int warp = trace.warp_size;
  const int warps_per_block = (step.block_dim + warp - 1) / warp;
  for (int t = 0; t < threads; ++t) {
    const int block = t / step.block_dim, lane_in_block = t % step.block_dim;
    const Color col =
        active[t] ? p.warp_color(block * warps_per_block + lane_in_block / warp) : p.inactive;
    const float x = L.x0 + t * lane_w;
    c.rect_filled({x, y}, {x + std::max(lane_w - (lane_w > 3 ? 1.0f : 0.0f), 0.5f), y + L.lane_h},
                  col);
  }
  // The strip is one lane per thread, not one per cell: say so where it ends short of the row,
  // so "thread t" is not read as "the thread of element t" (a coarsened thread owns several).
  const float strip_end = L.x0 + threads * lane_w;
  const float note_font = std::clamp(L.lane_h * 1.6f, 8.0f, 12.0f);
  const std::string note = count_text(threads, "thread");
  if (strip_end + 6 + c.text_size(note, note_font).x < L.x0 + area_w)
    c.text({strip_end + 6, y + L.lane_h / 2}, note, note_font, p.text_muted, HAlign::Left,
           VAlign::Middle);
  // Divergent warps: some lanes active, some not. Marked with a red bar under the warp.
  for (int blk = 0; blk < step.grid_dim; ++blk)
    for (int w = 0; w < warps_per_block; ++w) {
      const int first = blk * step.block_dim + w * warp;
      const int last = std::min(first + warp, (blk + 1) * step.block_dim);
      int on = 0;
      for (int t = first; t < last; ++t) on += active[t];
      if (on > 0 && on < last - first) {
        const float x0 = L.x0 + first * lane_w, x1 = L.x0 + last * lane_w;
        c.rect_filled({x0, y + L.lane_h + 1}, {x1, y + L.lane_h + 3}, p.divergent);
      }
    }
}

void draw_arrows(gfx::Canvas& c, const TraceTreeInput& in, const gfx::Palette& p, const Layout& L,
                 const std::vector<Row>& rows, int row_index, int& budget) {
  const Trace& trace = *in.trace;
  const Row& row = rows[row_index];
  const TraceStep& step = trace.steps[row.step];
  auto row_of_buffer = [&](int buffer) {
    for (int r = row_index - 1; r >= 0; --r)
      if (rows[r].buffer == buffer) return r;
    return -1;
  };
  size_t i = 0;
  while (i < step.events.size()) {
    size_t end = i;
    while (end < step.events.size() && step.events[end].thread == step.events[i].thread) ++end;
    // A write's operands are the reads the thread made since its previous write.
    size_t operands_begin = i;
    for (size_t w = i; w < end; ++w) {
      const TraceEvent& out = step.events[w];
      if (out.kind != EventKind::Write && out.kind != EventKind::Atomic) continue;
      const size_t operands_end = w;
      const size_t first = operands_begin;
      operands_begin = w + 1;
      if (out.buffer != row.buffer) continue;
      const Vec2 to{L.cell_x(flat_index(trace, step, out)) + L.cell_w / 2, L.cell_y(row_index)};
      for (size_t r = first; r < operands_end; ++r) {
        const TraceEvent& src = step.events[r];
        if (src.kind != EventKind::Read) continue;
        const int from_row = row_of_buffer(src.buffer);
        if (from_row < 0 || budget-- <= 0) continue;
        const Vec2 from{
            L.cell_x(flat_index(trace, step, src)) + L.cell_w / 2,
            L.cell_y(from_row) + L.cell_h + (from_row == row_index - 1 ? L.lane_h + 5 : 0)};
        const Color col = out.kind == EventKind::Atomic ? p.atomic : p.read;
        c.arrow(from, to - Vec2{0, 1}, col.with_alpha(200), L.cell_w >= 12 ? 1.4f : 0.8f,
                std::clamp(L.cell_w * 0.3f, 3.0f, 7.0f));
      }
    }
    i = end;
  }
}

}  // namespace

TraceTreeKey draw_trace_tree(gfx::Canvas& c, const TraceTreeInput& in, const gfx::Palette& p) {
  const Trace& trace = *in.trace;
  const Vec2 size = c.size();
  if (trace.steps.empty() || size.x < 50 || size.y < 40) return {};
  const int current = std::clamp(in.current_step, 0, static_cast<int>(trace.steps.size()) - 1);

  std::vector<Row> steps_rows;
  int last_buffer = in.input_buffer;
  for (int s = 0; s <= current; ++s) {
    const int b = focus_buffer(trace.steps[s]);
    last_buffer = b >= 0 ? b : last_buffer;
    steps_rows.push_back({s, last_buffer});
  }
  // Keep the input row and as many of the latest steps as fit (at least 34 px a row).
  const int rows_that_fit = std::max(1, static_cast<int>(size.y / 34.0f) - 1);
  const int skipped = std::max(0, static_cast<int>(steps_rows.size()) - rows_that_fit);
  std::vector<Row> rows{{-1, in.input_buffer}};
  rows.insert(rows.end(), steps_rows.begin() + skipped, steps_rows.end());

  int64_t max_cells = 1;
  for (const Row& r : rows)
    max_cells = std::max<int64_t>(
        max_cells, int64_t{trace.buffers[r.buffer].size} * trace.buffers[r.buffer].blocks);
  Layout L;
  // Caps grow with the canvas, so a 4K figure is a larger drawing rather than a small one.
  const float s = std::max(1.0f, std::min(size.x / 1280.0f, size.y / 720.0f));
  L.label_w = std::clamp(size.x * 0.2f, 90.0f, 190.0f * s);
  L.x0 = L.label_w + 10;
  const float area_w = size.x - L.x0 - 6;
  L.area_w = area_w;
  L.pitch = std::min(size.y / rows.size(), 150.0f * s);
  L.cell_h = std::clamp(L.pitch * 0.42f, 8.0f, 52.0f * s);
  // Cells up to 72 px, or 2.2 times as wide as tall: a few values fill a wide figure (a projector
  // in lecture mode) rather than a third of it.
  L.max_cell_w = std::max(72.0f * s, 2.2f * L.cell_h);
  L.cell_w = std::min(area_w / static_cast<float>(max_cells), L.max_cell_w);
  L.lane_h = std::clamp(L.pitch * 0.1f, 3.0f, 9.0f * s);
  L.arrow_gap = L.pitch - L.cell_h - L.lane_h - 6;

  // The widest value as drawn ("65" is wider than "-3", though no longer).
  std::string widest;
  float widest_w = 0;
  for (const Row& r : rows) {
    const auto& values =
        r.step < 0 ? trace.buffers[r.buffer].initial : (*in.snapshots)[r.step][r.buffer];
    for (double v : values) {
      const std::string t = format_cell_value(v, trace.op, trace.type);
      const float w = c.text_size(t, 10.0f).x;
      if (w > widest_w) {
        widest = t;
        widest_w = w;
      }
    }
  }
  L.value_font = std::min(L.cell_h * 0.55f, 26.0f * s);
  while (L.value_font >= 7 && c.text_size(widest, L.value_font).x > L.cell_w - 3)
    L.value_font -= 0.5f;
  L.key.values_as_colour = L.value_font < 7;  // no room for numbers: values as colours

  const float label_font = std::clamp(L.pitch * 0.26f, 10.0f, 18.0f * s);
  auto fit = [&](std::string text, float font) {
    if (c.text_size(text, font).x <= L.label_w) return text;
    while (text.size() > 2 && c.text_size(text + "\xE2\x80\xA6", font).x > L.label_w) {
      text.pop_back();
      while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80)
        text.pop_back();  // never cut a UTF-8 sequence in half
      if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.pop_back();
    }
    return text + "\xE2\x80\xA6";
  };
  int arrow_budget = kMaxArrows;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    const Row& row = rows[r];
    const TraceBuffer& buffer = trace.buffers[row.buffer];
    const float y = L.cell_y(r);
    if (row.step == current)
      c.rect_filled({0, y - L.arrow_gap * 0.5f}, {size.x, y + L.cell_h + L.lane_h + 6},
                    p.highlight.with_alpha(40), 4);
    std::string title = row.step < 0 ? tr("input") : tr_text(trace.steps[row.step].label);
    if (row.step >= 0 && in.step_titles && row.step < static_cast<int>(in.step_titles->size()))
      title = (*in.step_titles)[size_t(row.step)];
    std::string detail = std::string(space_name(buffer.space)) + " · " + tr_text(buffer.name);
    if (row.step >= 0 && in.counters) {
      const StepCounters& sc = in.counters->per_step[row.step];
      detail = count_text(sc.active_threads, "thread");
      if (in.show_ops) detail += " · " + count_text(sc.ops, "op");
      if (sc.divergent_warps) detail += " · " + trf("{0} div", sc.divergent_warps);
    }
    title = fit(title, label_font);
    detail = fit(detail, label_font * 0.85f);
    c.text({4, y + L.cell_h * 0.5f}, title, label_font, p.text, HAlign::Left, VAlign::Bottom);
    c.text({4, y + L.cell_h * 0.5f + 2}, detail, label_font * 0.85f, p.text_muted, HAlign::Left,
           VAlign::Top);
    // Below 3 px a cell has no room for an arrow head: arrows would only paint a blur.
    if (r > 0 && L.cell_w >= 3) draw_arrows(c, in, p, L, rows, r, arrow_budget);
    TraceTreeRowGeometry geometry;
    draw_cells(c, in, p, L, r, row, geometry);
    if (row.step >= 0) draw_lanes(c, in, p, L, r, row.step, area_w, geometry);
    L.key.rows.push_back(geometry);
    if (r == 0 && skipped > 0)
      c.text({L.x0, y + L.cell_h + 4}, "\xE2\x8B\xAE " + trf("{0} earlier steps", skipped),
             label_font * 0.85f, p.text_muted, HAlign::Left, VAlign::Top);
  }
  return L.key;
}

void draw_value_colour_bar(gfx::Canvas& c, Vec2 origin, Vec2 size, float font,
                           const gfx::Palette& p) {
  const std::string lo = tr("row min"), hi = tr("row max");  // each row on its own scale
  c.text({origin.x, origin.y + size.y / 2}, lo, font, p.text_muted, HAlign::Left, VAlign::Middle);
  const float x0 = origin.x + c.text_size(lo, font).x + 4;
  const int steps = 32;
  const float w = size.x / steps;
  for (int i = 0; i < steps; ++i) {
    TraceTreeKey unit{true, 0, steps - 1.0};
    c.rect_filled({x0 + i * w, origin.y}, {x0 + (i + 1) * w + 0.5f, origin.y + size.y},
                  viridis(i, unit));
  }
  c.text({x0 + size.x + 4, origin.y + size.y / 2}, hi, font, p.text_muted, HAlign::Left,
         VAlign::Middle);
}

TraceTreeHit hit_test(const TraceTreeKey& key, Vec2 point) {
  TraceTreeHit hit;
  for (const TraceTreeRowGeometry& g : key.rows) {
    if (point.y >= g.y && point.y < g.y + g.cell_h && point.x >= g.x0 && g.cell_w > 0) {
      const auto i = static_cast<int64_t>((point.x - g.x0) / g.cell_w);
      if (i < g.cells) return {g.step, g.buffer, i, -1};
    }
    if (g.threads > 0 && point.y >= g.lanes_y && point.y < g.lanes_y + g.lanes_h + 3 &&
        point.x >= g.x0 && g.lane_w > 0) {
      const auto t = static_cast<int>((point.x - g.x0) / g.lane_w);
      if (t < g.threads) return {g.step, -1, -1, t};
    }
  }
  return hit;
}

namespace {

std::string thread_name(const Trace& trace, const TraceStep& step, int32_t thread) {
  const int block = thread / step.block_dim, t = thread % step.block_dim;
  return trf("thread {0} of block {1} (warp {2}, lane {3})", t, block, t / trace.warp_size,
             t % trace.warp_size);
}

// What one thread did in one step, one event a line.
std::string thread_events(const Trace& trace, const TraceStep& step, int32_t thread) {
  std::string out;
  for (const TraceEvent& e : step.events) {
    if (e.thread != thread || e.kind == EventKind::Skip) continue;  // a read it sat out
    const std::string value = format_value(e.value, trace.type);
    const std::string where = e.kind == EventKind::Op ? ""
                                                      : tr_text(trace.buffers[e.buffer].name) +
                                                            "[" + std::to_string(e.address) + "]";
    // A remote read (common/trace_cluster.h) reads like any other.
    switch (e.kind == kRemoteRead ? EventKind::Read : e.kind) {
      case EventKind::Read:
        out += "\n  " + trf("read {0} = {1}", where, value);
        break;
      case EventKind::Write:
        out += "\n  " + trf("write {0} = {1}", where, value);
        break;
      case EventKind::Atomic:
        out += "\n  " + trf("atomic {0} with {1}", where, value);
        break;
      default:
        out += "\n  " +
               tr_text(trace.op_label.empty() ? std::string(op_name(trace.op)) : trace.op_label) +
               " -> " + value;
        break;
    }
  }
  return out.empty() ? "\n  " + std::string(tr("(inactive in this step)")) : out;
}

}  // namespace

std::string describe_hit(const Trace& trace,
                         const std::vector<std::vector<std::vector<double>>>& snapshots,
                         const TraceTreeHit& hit) {
  if (hit.step >= static_cast<int>(trace.steps.size())) return "";
  if (hit.thread >= 0 && hit.step >= 0) {
    const TraceStep& step = trace.steps[hit.step];
    return trf("{0} in '{1}':", thread_name(trace, step, hit.thread), tr_text(step.label)) +
           thread_events(trace, step, hit.thread);
  }
  if (hit.buffer < 0) return "";
  const TraceBuffer& buffer = trace.buffers[hit.buffer];
  const bool per_block = buffer.space == MemSpace::Shared;
  const int64_t size = std::max<int32_t>(1, buffer.size);
  const std::string slot =
      tr_text(buffer.name) + "[" + std::to_string(per_block ? hit.index % size : hit.index) + "]";
  const std::string cell = per_block ? trf("{0} of block {1}", slot, hit.index / size) : slot;
  if (hit.step < 0)
    return trf("{0} = {1} (input)", cell, format_value(buffer.initial.at(hit.index), trace.type));
  const TraceStep& step = trace.steps[hit.step];
  std::string out =
      trf("{0} after '{1}' = {2}", cell, tr_text(step.label),
          format_value(snapshots.at(hit.step).at(hit.buffer).at(hit.index), trace.type));
  for (const TraceEvent& e : step.events) {
    if ((e.kind != EventKind::Write && e.kind != EventKind::Atomic) || e.buffer != hit.buffer)
      continue;
    if (flat_index(trace, step, e) != hit.index) continue;
    out += "\n" + trf("written by {0}:", thread_name(trace, step, e.thread)) +
           thread_events(trace, step, e.thread);
    break;
  }
  return out;
}

}  // namespace ws::app
