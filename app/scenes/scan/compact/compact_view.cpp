// The compaction figure. Typed or random values: one row per array (input, flags, the block scans
// in shared memory, block sums and offsets, positions, output) with the scatter drawn as arrows
// from each kept element's position to its output cell. An image: the picture with kept pixels
// highlighted, the flags, the positions and the compacted output packed from the top.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "common/inputs.h"
#include "compact_run.h"
#include "i18n/i18n.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "interop/colormap.h"
#include "render/image.h"
#include "i18n/wording.h"

namespace ws::app {

using gfx::Vec2;

namespace {

std::string explain(const TraceStep& s) {
  if (s.phase == "predicate")
    return tr(
        "Every thread tests its own element: flag = 1 keeps it, 0 drops it. No thread needs "
        "another's result.");
  if (s.phase == "scan")
    return tr(
        "An exclusive scan of the flags counts the kept elements before each position: "
        "inside each block a Kogge-Stone scan in shared memory (XY).");
  if (s.phase == "block sums")
    return tr(
        "One thread scans the blocks' totals into block offsets: how many elements the "
        "earlier blocks keep.");
  if (s.phase == "add back")
    return tr(
        "Each block adds its offset: positions[i] is now the number of kept elements before "
        "i in the whole array.");
  if (s.phase == "scatter")
    return tr(
        "Every kept element writes itself to output[positions[i]]: distinct places, so no "
        "two threads collide and the order is kept.");
  return "";
}

double at(const std::vector<double>& v, size_t i) {
  return i < v.size() ? v[i] : std::nan("");
}

// A panel (or memory-order strip) of the image figure, `width` x `height` elements: 0 the input
// image, 1 flags, 2 positions, 3 output.
struct ImageBox {
  int width = 0, height = 0;
  int what = 0;
};

// The run at one step with the predicate and type it ran with: what every part of the figure
// reads (its buffers by name, the scan's block size).
struct Figure {
  const Taught<CompactRun>& t;
  compact::Params params;
  int step;

  int buffer_index(const char* name) const {
    const auto& buffers = t.run.trace.buffers;
    for (size_t b = 0; b < buffers.size(); ++b)
      if (buffers[b].name == name) return static_cast<int>(b);
    return -1;
  }
  // Threads per block of the scan (the shared XY buffer's size).
  int block_size() const {
    const int xy = buffer_index("XY");
    return xy >= 0 ? std::max(1, t.run.trace.buffers[xy].size) : 1;
  }
  const std::vector<double>& snapshot(const char* buffer) const {
    static const std::vector<double> none;
    const int b = buffer_index(buffer);
    if (b < 0 || t.traced.snapshots.empty()) return none;
    return t.traced.snapshots[step][b];
  }
  int step_count() const { return static_cast<int>(t.run.trace.steps.size()); }
  std::vector<CellRow> build_rows(const gfx::Palette& p) const;
  void draw_rows_view(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size, const gfx::Palette& p,
                      float font, HoverMap& hover) const;
  void draw_image_view(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size, const gfx::Palette& p,
                       float font, HoverMap& hover) const;
  // What lies at the fraction `frac` of an image box's width and height.
  std::string describe_pixel(const ImageBox& box, gfx::Vec2 frac) const;
};

std::vector<CellRow> Figure::build_rows(const gfx::Palette& p) const {
  const CompactRun& r = t.run;
  const Trace& trace = r.trace;
  const ValueType type = params.type;
  const size_t n = r.input.size();
  const int block = block_size();
  const std::vector<double>& input = snapshot("input");
  const std::vector<double>& flags = snapshot("flags");
  const std::vector<double>& xy = snapshot("XY");
  const std::vector<double>& sums = snapshot("block sums");
  const std::vector<double>& offsets = snapshot("block offsets");
  const std::vector<double>& positions = snapshot("positions");
  const std::vector<double>& output = snapshot("output");
  const gfx::Color kept = kept_fill(p);
  const bool scattered = step + 1 == static_cast<int>(trace.steps.size());

  auto emphasis_of = [&](const char* buffer) {
    std::vector<bool> marks(n + 1, false);
    for (int64_t i : written_cells(trace, step, buffer_index(buffer)))
      if (i >= 0 && static_cast<size_t>(i) < marks.size()) marks[i] = true;
    return marks;
  };
  auto is_kept = [&](size_t i) { return at(flags, i) == 1; };

  auto value_row = [&](const std::string& label, const char* buffer,
                       const std::vector<double>& values, size_t cells, auto describe) {
    CellRow row;
    row.label = label;
    const std::vector<bool> marks = emphasis_of(buffer);
    for (size_t i = 0; i < cells; ++i) {
      Cell c;
      const double v = at(values, i);
      c.unwritten = std::isnan(v);
      c.text = number(v, type);
      c.emphasis = i < marks.size() && marks[i];
      c.hover = describe(i, v);
      row.cells.push_back(std::move(c));
    }
    return row;
  };

  std::vector<CellRow> rows;
  CellRow index_row;
  index_row.label = tr("index i");
  for (size_t i = 0; i < n; ++i) {
    Cell c;
    c.text = std::to_string(i);
    c.fill = p.background;
    c.hover = trf("element {0}, block {1}", i, i / block);
    index_row.cells.push_back(std::move(c));
  }
  index_row.gap_after = 0.15f;
  rows.push_back(std::move(index_row));

  const std::string predicate = tr_text(compact::describe(params.predicate));
  rows.push_back(value_row(tr("input x"), "input", input, n, [&](size_t i, double v) {
    std::string s = "input[" + std::to_string(i) + "] = " + number(v, type);
    if (!std::isnan(at(flags, i)))
      s = is_kept(i) ? trf("{0} (kept: {1})", s, predicate)
                     : trf("{0} (dropped: not {1})", s, predicate);
    return s;
  }));
  for (size_t i = 0; i < n; ++i)
    if (is_kept(i)) rows.back().cells[i].fill = kept;

  rows.push_back(
      value_row(trf("flag = {0}", predicate), "flags", flags, n, [&](size_t i, double v) {
        if (std::isnan(v)) return trf("flags[{0}]: not computed yet", i);
        return trf(v == 1 ? TR_NOOP("flags[{0}] = {1}: {2} satisfies {3}")
                          : TR_NOOP("flags[{0}] = {1}: {2} fails {3}"),
                   i, number(v, type), number(at(input, i), type), predicate);
      }));
  for (size_t i = 0; i < n; ++i)
    if (is_kept(i)) rows.back().cells[i].fill = kept;

  rows.push_back(value_row(tr("XY: block scan (shared)"), "XY", xy, n, [&](size_t i, double v) {
    if (std::isnan(v)) return std::string(tr("shared XY: not loaded yet"));
    return trf("block {0}, XY[{1}] = {2}: the block's flags up to here, summed", i / block,
               i % block, number(v, type));
  }));

  // Block sums under each block's last element, offsets under its first: one cell per block.
  CellRow sums_row, offsets_row;
  sums_row.label = tr("block sums");
  offsets_row.label = tr("block offsets");
  const std::vector<bool> sum_marks = emphasis_of("block sums");
  const std::vector<bool> offset_marks = emphasis_of("block offsets");
  for (size_t i = 0; i < n; ++i) {
    const size_t b = i / block;
    const bool last = (i + 1) % block == 0 || i + 1 == n, first = i % block == 0;
    Cell s, o;
    s.hidden = !last;
    o.hidden = !first;
    s.unwritten = std::isnan(at(sums, b));
    o.unwritten = std::isnan(at(offsets, b));
    s.text = number(at(sums, b), type);
    o.text = number(at(offsets, b), type);
    s.emphasis = b < sum_marks.size() && sum_marks[b];
    o.emphasis = b < offset_marks.size() && offset_marks[b];
    s.hover = trf("block {0} keeps {1} elements", b, s.text);
    o.hover = trf("block {0}'s offset: {1} elements are kept by the blocks before it", b, o.text);
    sums_row.cells.push_back(std::move(s));
    offsets_row.cells.push_back(std::move(o));
  }
  rows.push_back(std::move(sums_row));
  rows.push_back(std::move(offsets_row));

  rows.push_back(value_row(
      tr("positions (exclusive scan)"), "positions", positions, n, [&](size_t i, double v) {
        if (std::isnan(v)) return std::string(tr("positions: not computed yet"));
        std::string s = trf("positions[{0}] = {1} kept elements before {0}", i, number(v, type));
        if (is_kept(i)) s = trf("{0}: input[{1}] goes there", s, i);
        return s;
      }));
  for (size_t i = 0; i < n; ++i)
    if (is_kept(i) && !rows.back().cells[i].unwritten) rows.back().cells[i].fill = kept;
  rows.back().gap_after = 2.4f;  // room for the scatter arrows

  rows.push_back(value_row(tr("output"), "output", output, n, [&](size_t k, double v) {
    if (std::isnan(v))
      return static_cast<int64_t>(k) < r.kept ? trf("output[{0}]: not written yet", k)
                                              : trf("output[{0}]: past the kept count", k);
    return k < r.reference.size() && r.reference[k] == v
               ? trf("output[{0}] = {1} (std::copy_if agrees)", k, number(v, type))
               : trf("output[{0}] = {1} (std::copy_if differs)", k, number(v, type));
  }));
  for (size_t k = 0; k < n; ++k) {
    Cell& c = rows.back().cells[k];
    if (c.unwritten) continue;
    c.fill = kept;
    c.mismatch = k >= r.reference.size() || r.reference[k] != at(output, k);
  }
  if (scattered)
    for (size_t k = r.reference.size(); k < n; ++k) rows.back().cells[k].unwritten = true;
  return rows;
}

void Figure::draw_rows_view(gfx::Canvas& c, Vec2 origin, Vec2 size, const gfx::Palette& p,
                            float font, HoverMap& hover) const {
  std::vector<CellRow> rows = build_rows(p);
  const float max_cell = font * 3.4f;
  const RowsGeometry g = draw_rows(c, origin, size, rows, p, font, max_cell);
  hover.add({0, 0}, c.size(),
            [g, rows = std::move(rows)](Vec2 point) { return describe_rows(g, rows, point); });
  const Trace& trace = t.run.trace;
  const size_t n = t.run.input.size();
  const int block = block_size();
  // Block boundaries through every row but the index and the output.
  for (size_t b = block; b < n; b += block) {
    const float x = g.x0 + b * g.cell_w;
    c.line({x, g.top[1] - 3}, {x, g.top[6] + g.cell_h + 3}, p.text_muted, 1.5f);
  }
  // The scatter: arrows from each kept element's position to its output cell.
  if (trace.steps[step].phase == "scatter") {
    const std::vector<double>& positions = snapshot("positions");
    const std::vector<double>& flags = snapshot("flags");
    for (size_t i = 0; i < n; ++i) {
      if (at(flags, i) != 1 || std::isnan(at(positions, i))) continue;
      const int k = static_cast<int>(positions[i]);
      if (k >= 0 && static_cast<size_t>(k) < n)
        cell_arrow(c, g, 6, static_cast<int>(i), 7, k, p.write, g.cell_w > 12 ? 1.5f : 1.0f);
    }
  }
}

void Figure::draw_image_view(gfx::Canvas& c, Vec2 origin, Vec2 size, const gfx::Palette& p,
                             float font, HoverMap& hover) const {
  const CompactRun& r = t.run;
  const int w = r.image_width, h = r.image_height;
  const std::vector<double>& input = snapshot("input");
  const std::vector<double>& flags = snapshot("flags");
  const std::vector<double>& positions = snapshot("positions");
  const std::vector<double>& output = snapshot("output");
  const double n = static_cast<double>(r.input.size());
  const float gap = font * 1.2f, label_h = font * 1.6f;
  // The memory-order strips below the panels need this much height; the panels shrink to make
  // room unless that would take more than a third of them.
  const float strip_h = font * 2.2f;
  const float strips_need = gap * 1.2f + 2 * (label_h + strip_h) + font * 3.5f;
  const float widest = std::min((size.x - 3 * gap) / 4, size.y - 2 * label_h);
  const float with_strips = size.y - label_h - strips_need;
  const float side =
      std::max(8.0f, with_strips >= widest * 0.66f ? std::min(widest, with_strips) : widest);
  const float panel_h = side * h / std::max(w, h), panel_w = side * w / std::max(w, h);
  // The pixel of a box under the pointer.
  auto add_hover = [&](Vec2 a, Vec2 b, ImageBox box) {
    hover.add(a, b, [figure = *this, a, b, box](Vec2 point) {
      return figure.describe_pixel(box,
                                   {(point.x - a.x) / (b.x - a.x), (point.y - a.y) / (b.y - a.y)});
    });
  };

  auto grey = [](double v) {
    const uint8_t g = static_cast<uint8_t>(std::clamp(v, 0.0, 255.0));
    return gfx::Color{g, g, g, 255};
  };
  auto make_image = [w, h](auto colour_of) {
    gfx::Image image(w, h);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const gfx::Color col = colour_of(static_cast<size_t>(y) * w + x);
        uint8_t* px = image.pixel(x, y);
        px[0] = col.r, px[1] = col.g, px[2] = col.b, px[3] = col.a;
      }
    return image;
  };
  const gfx::Color unwritten = p.cell_unwritten;
  struct Panel {
    std::string label;
    std::function<gfx::Color(size_t)> colour;
  };
  const std::vector<Panel> panels = {
      {tr("input: kept pixels in green"),
       [&](size_t i) {
         const double v = at(input, i);
         if (std::isnan(at(flags, i))) return grey(v);
         return at(flags, i) == 1 ? mix(grey(v), p.warp[2], 0.55f)
                                  : mix(grey(v), gfx::Color{0, 0, 0, 255}, 0.6f);
       }},
      {trf("flags: {0}", tr_text(compact::describe(params.predicate))),
       [&](size_t i) {
         const double f = at(flags, i);
         if (std::isnan(f)) return unwritten;
         return f == 1 ? gfx::Color{250, 250, 250, 255} : gfx::Color{10, 10, 10, 255};
       }},
      {tr("positions (exclusive scan)"),
       [&](size_t i) {
         const double v = at(positions, i);
         if (std::isnan(v)) return unwritten;
         return interop::colormap_color(interop::Colormap::Viridis,
                                        static_cast<float>(v / std::max(1.0, n)));
       }},
      {trf("output: {0} kept pixels, in order", r.kept),
       [&](size_t k) { return std::isnan(at(output, k)) ? unwritten : grey(output[k]); }},
  };
  Vec2 out_min;  // the output panel's top-left
  for (size_t i = 0; i < panels.size(); ++i) {
    const Vec2 a{origin.x + i * (side + gap), origin.y + label_h};
    const Vec2 b = a + Vec2{panel_w, panel_h};
    c.text({a.x, origin.y}, fit_text(c, panels[i].label, font * 0.85f, side), font * 0.85f, p.text);
    gfx::Canvas::Raster raster;
    const auto colour = panels[i].colour;
    raster.pixels = [make_image, colour] { return make_image(colour); };
    c.image(a, b, raster);
    c.rect(a, b, p.cell_border, 1);
    add_hover(a, b, {w, h, static_cast<int>(i)});
    out_min = a;
  }
  // Where the output stops: a line under the last written row.
  const bool done = step + 1 == step_count();
  if (r.kept > 0 && done) {
    const float y = out_min.y + panel_h * std::ceil(r.kept / double(w)) / h;
    c.line({out_min.x, y}, {out_min.x + panel_w, y}, p.write, 2);
  }

  // The same arrays in memory order, as two strips: the input with its kept pixels, and the output
  // with the kept pixels packed at the front; a few arrows sample the scatter.
  const size_t count = r.input.size();
  const float strip_w = size.x - 4;
  const float y1 = origin.y + label_h + panel_h + gap * 1.2f;
  const float y2 = y1 + label_h + strip_h + font * 3.5f;   // the output strip, its label below
  if (y2 + strip_h + label_h > origin.y + size.y) return;  // no room: the panels say it all
  auto make_strip = [count](const std::function<gfx::Color(size_t)>& colour_of) {
    gfx::Image image(static_cast<int>(count), 1);
    for (size_t i = 0; i < count; ++i) {
      const gfx::Color col = colour_of(i);
      uint8_t* px = image.pixel(static_cast<int>(i), 0);
      px[0] = col.r, px[1] = col.g, px[2] = col.b, px[3] = col.a;
    }
    return image;
  };
  const struct {
    float y;
    std::string label;
    size_t panel;
  } strips[2] = {{y1, tr("input in memory order (row after row)"), 0},
                 {y2, tr("output in memory order: the kept pixels packed at the front"), 3}};
  for (const auto& strip : strips) {
    const bool label_above = strip.panel == 0;
    const Vec2 a{origin.x, strip.y + (label_above ? label_h : 0)}, b = a + Vec2{strip_w, strip_h};
    c.text({origin.x, label_above ? strip.y : b.y + font * 0.4f}, strip.label, font * 0.85f,
           p.text);
    gfx::Canvas::Raster raster;
    const auto colour = panels[strip.panel].colour;
    raster.pixels = [make_strip, colour] { return make_strip(colour); };
    c.image(a, b, raster);
    c.rect(a, b, p.cell_border, 1);
    add_hover(a, b, {static_cast<int>(count), 1, static_cast<int>(strip.panel)});
  }
  if (!done || r.kept == 0) return;
  const int samples = 12;
  const float scale = strip_w / static_cast<float>(count);
  int64_t seen = 0, next = 0;
  for (size_t i = 0; i < count && next < samples; ++i) {
    if (at(flags, i) != 1) continue;
    if (seen++ != next * r.kept / samples) continue;
    const float from = origin.x + (i + 0.5f) * scale;
    const float to = origin.x + (at(positions, i) + 0.5f) * scale;
    c.arrow({from, y1 + label_h + strip_h + 2}, {to, y2 - 2}, p.write, 1.5f, 7);
    ++next;
  }
}

}  // namespace

void draw_compact(gfx::Canvas& c, gfx::Theme theme, const Taught<CompactRun>& t,
                  const compact::Params& params, int step, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const Figure figure{t, params, step};
  const CompactRun& r = t.run;
  const Trace& trace = r.trace;
  const Vec2 size = c.size();
  const float font = figure_font(size);
  const TraceStep& s = trace.steps[step];
  const size_t n = r.input.size();
  const TraceStep& launch = trace.steps.front();
  const std::string detail =
      trf("keep {0} · {1} · N = {2} ({3}) · {4}\xC3\x97{5} threads · {6}",
          tr_text(compact::describe(params.predicate)), type_name(params.type), n,
          tr_text(r.input_label), launch.grid_dim, launch.block_dim,
          t.traced.backend == Backend::Cuda ? "CUDA" : tr("CPU reference"));
  const std::string step_line = trf("step {0} / {1}: {2} ({3})", step + 1, trace.steps.size(),
                                    tr_text(s.label), tr_text(s.phase));
  c.begin_group("header");
  const float top = draw_header(c,
                                tr("Stream compaction: flags \xE2\x86\x92 scan "
                                   "\xE2\x86\x92 scatter"),
                                detail, step_line, explain(s), p, font);
  c.end_group();
  const float footer = font * 3.2f;
  const Vec2 body_origin{4, top}, body_size{size.x - 8, size.y - top - footer};
  c.begin_group("compaction");
  if (r.image_width > 0)
    figure.draw_image_view(c, body_origin, body_size, p, font, hover);
  else
    figure.draw_rows_view(c, body_origin, body_size, p, font, hover);
  c.end_group();

  const bool done = step + 1 == static_cast<int>(trace.steps.size());
  const bool matches = r.output == r.reference;
  c.begin_group("legend");
  std::vector<Swatch> legend = {{kept_fill(p), tr("kept")},
                                {p.cell_unwritten, tr("not written yet")},
                                {p.highlight, tr("written in this step"), SwatchKind::Outline}};
  if (r.image_width > 0)  // the image panels: no outlines; flags in black and white, positions
    legend = {{mix(gfx::Color{128, 128, 128, 255}, p.warp[2], 0.55f), tr("kept pixel")},
              {gfx::Color{250, 250, 250, 255}, tr("flag 1")},
              {gfx::Color{10, 10, 10, 255}, tr("flag 0")},
              {interop::colormap_color(interop::Colormap::Viridis, 0.0f), tr("position 0")},
              {interop::colormap_color(interop::Colormap::Viridis, 1.0f), tr("position N")},
              {p.cell_unwritten, tr("not written yet")}};
  if (done && !matches)
    legend.push_back({p.mismatch, tr("differs from std::copy_if"), SwatchKind::Outline});
  draw_swatches(c, {4, size.y - footer + 2}, legend, p, font * 0.8f);
  c.end_group();
  const StepCounters& sc = t.traced.counters.per_step[step];
  std::string footer_line =
      trf("kept {0} · dropped {1} · this step: {2}, {3} · total: {4}, {5}, {6}", r.kept, n - r.kept,
          ws::counted(sc.ops, TR_NOOP("{0} op"), TR_NOOP("{0} ops")),
          ws::counted(sc.active_threads, TR_NOOP("{0} thread"), TR_NOOP("{0} threads")),
          ws::counted(t.traced.counters.steps, TR_NOOP("{0} step"), TR_NOOP("{0} steps")),
          ws::counted(t.traced.counters.ops, TR_NOOP("{0} op"), TR_NOOP("{0} ops")),
          ws::counted(t.traced.counters.barriers, TR_NOOP("{0} barrier"),
                      TR_NOOP("{0} barriers"))) +
      (done ? (matches ? tr(" · output matches std::copy_if")
                       : tr(" · output DIFFERS from std::copy_if"))
            : "");
  if (!t.traced.twin.difference.empty())
    footer_line += trf(" · GPU trace differs from the CPU twin: {0}", t.traced.twin.difference);
  draw_footer(c, footer_line, p, font,
              (done && !matches) || !t.traced.twin.difference.empty() ? p.mismatch : p.text);
}

std::string Figure::describe_pixel(const ImageBox& h, Vec2 frac) const {
  const CompactRun& r = t.run;
  const int hx = static_cast<int>(frac.x * h.width);
  const int hy = static_cast<int>(frac.y * h.height);
  const size_t i = static_cast<size_t>(hy) * h.width + hx;
  const int x = static_cast<int>(i % r.image_width), y = static_cast<int>(i / r.image_width);
  const std::vector<double>& flags = snapshot("flags");
  const std::vector<double>& positions = snapshot("positions");
  const std::vector<double>& output = snapshot("output");
  char text[256];
  if (h.what == 3) {
    if (std::isnan(at(output, i)))
      return static_cast<int64_t>(i) < r.kept ? trf("output[{0}]: not written yet", i)
                                              : trf("output[{0}]: past the kept count", i);
    std::snprintf(text, sizeof text, "output[%zu] = %s", i, number(output[i], params.type).c_str());
    return text;
  }
  std::string s = trf("pixel ({0}, {1}) = {2}", x, y, number(at(r.input, i), params.type));
  if (!std::isnan(at(flags, i))) s += at(flags, i) == 1 ? tr(" · kept") : tr(" · dropped");
  if (!std::isnan(at(positions, i))) s += trf(" · position {0}", number(positions[i], params.type));
  return s;
}

}  // namespace ws::app
