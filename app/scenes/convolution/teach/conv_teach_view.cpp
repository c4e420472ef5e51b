// The teach figure: the input with its ghost cells drawn outside the array (dashed), the shown
// block's output tile and the input it reads (its halo) outlined, the shared tile with the
// threads that load it (and those that then idle), the filter marked constant or global, the
// outputs filled as the store writes them; cells tinted by the warp of their thread, the step's
// reads and writes outlined; the compare variant beside it.
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <set>

#include "common/counters.h"
#include "conv_teach_run.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scenes/convolution/conv_panels.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/field_raster.h"
#include "views/legend.h"

namespace ws::app {

namespace {

using gfx::Vec2;

constexpr int kInput = 0, kFilter = 1, kOutput = 2, kTile = 3;

// How one cell is drawn.
struct Look {
  std::string text;
  gfx::Color fill{0, 0, 0, 0};
  bool unwritten = false, ghost = false, read = false, written = false, idle = false;
};

void dashed_rect(gfx::Canvas& c, Vec2 a, Vec2 b, gfx::Color colour, float thickness) {
  const float dash = std::max(3.0f, thickness * 3);
  auto dashed = [&](Vec2 p, Vec2 q) {
    const float len = std::hypot(q.x - p.x, q.y - p.y);
    const int n = std::max(1, static_cast<int>(len / (2 * dash)));
    for (int k = 0; k < n; ++k) {
      const float t0 = float(2 * k) / (2 * n), t1 = float(2 * k + 1) / (2 * n);
      c.line(p + (q - p) * t0, p + (q - p) * t1, colour, thickness);
    }
  };
  dashed(a, {b.x, a.y});
  dashed({b.x, a.y}, b);
  dashed(b, {a.x, b.y});
  dashed({a.x, b.y}, a);
}

void draw_cell(gfx::Canvas& c, Vec2 a, float size, const Look& k, const gfx::Palette& p,
               float text_font) {
  const Vec2 b = a + Vec2{size, size};
  gfx::Color fill = k.unwritten ? p.cell_unwritten : (k.fill.a == 0 ? p.cell_fill : k.fill);
  if (k.idle) fill = mix(fill, p.inactive, 0.6f);
  c.rect_filled(a, b, fill);
  if (k.ghost)
    dashed_rect(c, a, b, p.text_muted, 1);
  else
    c.rect(a, b, p.cell_border, 1);
  if (!k.unwritten && !k.text.empty() && text_font >= 7)
    c.text((a + b) * 0.5f, k.text, text_font, k.ghost ? p.text_muted : ink_on(fill),
           gfx::HAlign::Center, gfx::VAlign::Middle);
  const float border = std::clamp(size * 0.08f, 1.0f, 4.0f);
  const Vec2 in{border * 0.5f, border * 0.5f};
  if (k.read) c.rect(a + in, b - in, p.read, border);
  if (k.written) c.rect(a + in, b - in, p.write, border * 1.6f);
}

// A text size for numbers in cells of `size`: the widest of `texts` fits.
float cell_font(const gfx::Canvas& c, float size, float font,
                const std::vector<std::string>& texts) {
  float f = std::min(font * 1.3f, size * 0.42f);
  for (const std::string& t : texts) {
    const float w = c.text_size(t, f).x;
    if (w > size * 0.88f) f *= size * 0.88f / w;
  }
  return f;
}

// Who a thread is, in the words of the hover and captions.
std::string thread_name(const conv::TeachRun& run, int32_t thread) {
  const int bt = block_threads(run), warp = std::max(run.trace.warp_size, 1);
  const int local = thread % bt;
  if (run.geometry.block_y > 1)
    return trf("thread {0} (block {1}, warp {2}, lane {3}; tx {4}, ty {5})", thread, thread / bt,
               local / warp, local % warp, local % run.geometry.block_x,
               local / run.geometry.block_x);
  return trf("thread {0} (block {1}, warp {2}, lane {3})", thread, thread / bt, local / warp,
             local % warp);
}

// One run at one step, as the figure reads it.
struct Shown {
  const Taught<conv::TeachRun>* taught = nullptr;
  const conv::TeachRun* run = nullptr;
  int step = 0, block = 0;
  int w = 1, h = 1, rx = 0, ry = 0;
  bool has_tile = false;
  std::vector<int32_t> out_thread;
  std::vector<bool> idle;
  std::map<int64_t, int32_t> tile_loader;  // N_s cell of the shown block -> its thread
  std::set<int64_t> read_n, read_tile, read_f, wrote_tile, wrote_p;
  std::map<int64_t, std::vector<int32_t>> readers_n;    // input cell -> threads of the block
  std::map<int64_t, std::pair<int32_t, double>> op_at;  // output -> (thread, running sum)
  int out_x0 = 0, out_y0 = 0, out_w = 0, out_h = 0;     // the block's output tile
  int in_x0 = 0, in_y0 = 0, in_w = 0, in_h = 0;         // the shared tile (has_tile)

  const std::vector<double>& values(int buffer) const {
    return taught->traced.snapshots.at(static_cast<size_t>(step)).at(static_cast<size_t>(buffer));
  }
  double input(int x, int y) const { return run->input[static_cast<size_t>(y) * w + x]; }
};

Shown shown_run(const Taught<conv::TeachRun>& t, int step, int block) {
  Shown s;
  s.taught = &t;
  s.run = &t.run;
  const conv::TeachRun& run = t.run;
  const conv::TeachGeometry& g = run.geometry;
  s.step = std::clamp(step, 0, static_cast<int>(run.trace.steps.size()) - 1);
  s.block = std::clamp(block, 0, std::max(0, g.grid_x * g.grid_y - 1));
  s.w = run.width;
  s.h = run.height;
  s.rx = run.filter.radius_x();
  s.ry = run.filter.radius_y();
  s.has_tile = run.trace.buffers.size() > kTile && g.in_tile_x > 0;
  s.out_thread = output_threads(run);
  s.idle = idle_threads(run);
  const int bt = block_threads(run);
  const int bx = s.block % std::max(g.grid_x, 1), by = s.block / std::max(g.grid_x, 1);
  s.out_x0 = bx * g.out_tile_x;
  s.out_y0 = by * g.out_tile_y;
  s.out_w = std::max(0, std::min(g.out_tile_x, s.w - s.out_x0));
  s.out_h = std::max(0, std::min(std::max(g.out_tile_y, 1), s.h - s.out_y0));
  if (s.has_tile) {
    s.in_x0 = run.tile_origin_x(s.block);
    s.in_y0 = run.tile_origin_y(s.block);
    s.in_w = g.in_tile_x;
    s.in_h = std::max(g.in_tile_y, 1);
  }
  for (const TraceStep& st : run.trace.steps)
    for (const TraceEvent& e : st.events)
      if (e.buffer == kTile && e.kind == EventKind::Write && e.thread / bt == s.block)
        s.tile_loader.emplace(e.address, e.thread);
  const TraceStep& st = run.trace.steps[static_cast<size_t>(s.step)];
  for (const TraceEvent& e : st.events) {
    if (e.thread / bt != s.block) continue;
    const bool read = e.kind == EventKind::Read;
    if (e.buffer == kInput && read) {
      s.read_n.insert(e.address);
      auto& readers = s.readers_n[e.address];
      if (readers.empty() || readers.back() != e.thread) readers.push_back(e.thread);
    }
    if (e.buffer == kTile && read) s.read_tile.insert(e.address);
    if (e.buffer == kTile && e.kind == EventKind::Write) s.wrote_tile.insert(e.address);
    if (e.buffer == kFilter && read) s.read_f.insert(e.address);
    if (e.buffer == kOutput && e.kind == EventKind::Write) s.wrote_p.insert(e.address);
    if (e.kind == EventKind::Op) s.op_at[e.address] = {e.thread, e.value};
  }
  return s;
}

gfx::Color warp_tint(const gfx::Palette& p, const conv::TeachRun& run, int32_t thread) {
  if (thread < 0) return {0, 0, 0, 0};
  const int bt = block_threads(run), warp = std::max(run.trace.warp_size, 1);
  return mix(p.cell_fill, p.warp_color((thread % bt) / warp), 0.4f);
}

// Cells too small for their numbers show their value as a grey level instead (a photo averaged
// down to 32x32 still looks like itself); `lo`..`hi` is the range shown.
struct Shade {
  bool on = false;
  double lo = 0, hi = 1;
  gfx::Color of(double v) const {
    const double t = hi > lo ? std::clamp((v - lo) / (hi - lo), 0.0, 1.0) : 0.5;
    const auto g = static_cast<uint8_t>(40 + 200 * t);
    return {g, g, g, 255};
  }
};

Shade shade_of(const std::vector<double>& values, bool on) {
  Shade s;
  s.on = on && !values.empty();
  if (!s.on) return s;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  s.lo = *lo;
  s.hi = *hi;
  return s;
}

bool filter_in_constant(const conv::TeachRun& run) {
  return run.trace.buffers.size() > kFilter && run.trace.buffers[kFilter].space != MemSpace::Global;
}

// The input cell at (x, y), which may be a ghost cell outside the array.
Look input_look(const Shown& s, int x, int y, const gfx::Palette& p, conv::Boundary b,
                const Shade& shade) {
  Look k;
  const bool inside = x >= 0 && x < s.w && y >= 0 && y < s.h;
  if (!inside) {
    k.ghost = true;
    const int64_t gx = conv::ghost_index(x, s.w, b), gy = conv::ghost_index(y, s.h, b);
    const bool zero = gx < 0 || gy < 0 || b == conv::Boundary::Zero;
    const double v = zero ? 0 : s.input(int(gx), int(gy));
    k.text = conv_number(v);
    // A ghost cell's shade is paler than the cell it reads.
    k.fill = shade.on && !zero ? mix(shade.of(v), p.background, 0.5f) : p.background;
    return k;
  }
  k.text = conv_number(s.input(x, y));
  if (shade.on) k.fill = shade.of(s.input(x, y));
  const int64_t address = int64_t(y) * s.w + x;
  k.read = s.read_n.count(address) > 0;
  return k;
}

std::string describe_input(const Shown& s, conv::Boundary b, int x, int y) {
  const bool inside = x >= 0 && x < s.w && y >= 0 && y < s.h;
  const bool two_d = s.h > 1;
  const std::string where = two_d ? "[" + std::to_string(y) + "][" + std::to_string(x) + "]"
                                  : "[" + std::to_string(x) + "]";
  if (!inside) {
    if (b == conv::Boundary::Zero)
      return trf(
          "ghost cell N{0}: outside the input; zero ghost cells count as 0 and nobody "
          "loads them",
          where);
    const int64_t gx = conv::ghost_index(x, s.w, b), gy = conv::ghost_index(y, s.h, b);
    const std::string real = two_d ? "[" + std::to_string(gy) + "][" + std::to_string(gx) + "]"
                                   : "[" + std::to_string(gx) + "]";
    return trf("ghost cell N{0}: outside the input; {1}: it reads N{2} = {3}", where,
               boundary_phrase(b), real, conv_number(s.input(int(gx), int(gy))));
  }
  std::string text = trf("N{0} = {1}", where, conv_number(s.input(x, y)));
  const auto it = s.readers_n.find(int64_t(y) * s.w + x);
  if (it != s.readers_n.end())
    for (size_t k = 0; k < it->second.size() && k < 6; ++k)
      text += "\n" + trf("read by {0}", thread_name(*s.run, it->second[k]));
  return text;
}

std::string describe_output(const Shown& s, int x, int y) {
  const int64_t address = int64_t(y) * s.w + x;
  const double v = s.values(kOutput).at(static_cast<size_t>(address));
  const std::string where = s.h > 1 ? "[" + std::to_string(y) + "][" + std::to_string(x) + "]"
                                    : "[" + std::to_string(x) + "]";
  std::string text =
      trf("P{0} = {1}", where, v != v ? std::string(tr("not written yet")) : conv_number(v));
  const int32_t t = s.out_thread[static_cast<size_t>(address)];
  if (t >= 0) text += "\n" + trf("computed by {0}", thread_name(*s.run, t));
  const auto op = s.op_at.find(address);
  if (op != s.op_at.end())
    text += "\n" + trf("running sum after this step: {0}", conv_number(op->second.second));
  return text;
}

// The cell edge of a 2D run's three columns (the input with its ghost cells | the shared tile
// over the filter | the output) in a w x h area.
float grid_cell(const Shown& s, float w, float h, float font) {
  const conv::Filter& f = s.run->filter;
  const int wp = s.w + 2 * s.rx, hp = s.h + 2 * s.ry;
  const int middle_w = std::max(f.width, s.has_tile ? s.in_w : 0);
  const int middle_h = f.height + (s.has_tile ? s.in_h : 0);
  const float caption_h = font * 1.35f, gaps = 2 * font;
  return std::min({(w - gaps) / (wp + middle_w + s.w), (h - caption_h) / std::max(hp, s.h),
                   (h - 2 * caption_h - font * 0.3f) / middle_h, font * 4.0f});
}

// One run's figure inside [min, max].
void draw_run(gfx::Canvas& c, Vec2 min, Vec2 max, const std::shared_ptr<const Shown>& shown,
              conv::Boundary boundary, const gfx::Palette& p, float font, HoverMap& hover) {
  const Shown& s = *shown;
  const conv::TeachRun& run = *s.run;
  const conv::Filter& f = run.filter;
  const int wp = s.w + 2 * s.rx, hp = s.h + 2 * s.ry;
  const float caption_h = font * 1.35f;
  const bool one_d = s.h == 1 && f.height == 1;
  const bool tile = s.has_tile;
  const float avail_w = max.x - min.x, avail_h = max.y - min.y;
  float cell = 0;
  // 2D: three columns, the input with its ghost cells | the shared tile over the filter | the
  // output.
  const int middle_w = std::max(f.width, tile ? s.in_w : 0);
  if (one_d) {
    const int rows = 3 + (tile ? 1 : 0);
    cell = std::min({avail_w / wp, (avail_h - rows * caption_h) / (rows * 1.3f), font * 6.0f});
  } else {
    cell = grid_cell(s, avail_w, avail_h, font);
  }
  cell = std::max(cell, 2.0f);
  // 1D: the rows' names in a column on the left, so the cells can be as high as the rows.
  const bool constant = filter_in_constant(run);
  const std::string input_label = trf("N: the input ({0} dashed)", boundary_phrase(boundary));
  const std::string tile_label = trf("N_s: block {0}'s shared tile", s.block);
  const std::string filter_label =
      constant ? tr("F: constant memory (broadcast)") : tr("F: global memory");
  const std::string output_label = tr("P: the output");
  float label_w = 0;
  if (one_d) {
    const float label_font = font * 0.85f;
    for (const std::string* t : {&input_label, &tile_label, &filter_label, &output_label})
      label_w = std::max(label_w, c.text_size(*t, label_font).x);
    label_w = std::min(label_w, avail_w * 0.3f) + font * 0.6f;
    const int rows = 3 + (tile ? 1 : 0);
    cell =
        std::max(2.0f, std::min({(avail_w - label_w) / wp, avail_h / (rows * 1.3f), font * 6.0f}));
  }
  // Text sizes: one per grid.
  std::vector<std::string> texts;
  for (double v : run.input) texts.push_back(conv_number(v));
  for (double v : run.output) texts.push_back(conv_number(v));
  const float text_font = cell_font(c, cell, font, texts);
  const Shade in_shade = shade_of(run.input, text_font < 7);
  const Shade out_shade = shade_of(run.output, text_font < 7);
  std::vector<std::string> weights;
  for (float wv : f.weights) weights.push_back(conv_number(wv));
  const float weight_font = cell_font(c, cell, font, weights);

  // Where each grid goes.
  Vec2 in_at, tile_at, filter_at, out_at;
  float y = min.y;
  float x0 = min.x;
  if (one_d) {
    x0 = min.x + label_w + std::max(0.0f, (avail_w - label_w - wp * cell) / 2);
    const float row = cell * 1.3f;
    // The rows centred in the height they leave.
    const int rows = 3 + (tile ? 1 : 0);
    y += std::max(0.0f, (avail_h - rows * row) / 2);
    in_at = {x0, y};
    y += row;
    if (tile) {
      tile_at = {x0 + (s.in_x0 + s.rx) * cell, y};
      y += row;
    }
    // The filter under the window of the block's first output.
    filter_at = {x0 + s.out_x0 * cell, y};
    y += row;
    out_at = {x0 + s.rx * cell, y};
  } else {
    // Centred in the width they leave.
    const float used = (wp + middle_w + s.w) * cell + 2 * font;
    const float x0 = min.x + std::max(0.0f, (avail_w - used) / 2);
    in_at = {x0, y + caption_h};
    const float middle_x = x0 + wp * cell + font;
    float my = y + caption_h;
    if (tile) {
      tile_at = {middle_x, my};
      my += s.in_h * cell + caption_h + font * 0.3f;
    }
    filter_at = {middle_x, my};
    out_at = {middle_x + middle_w * cell + font, y + caption_h};
  }
  // A grid's name: above it (2D), or left of its row (1D).
  auto caption = [&](Vec2 at, const std::string& text, float width) {
    if (one_d) {
      const float right = x0 - font * 0.6f;
      c.text({right, at.y + cell / 2}, fit_text(c, text, font * 0.85f, right - min.x), font * 0.85f,
             p.text, gfx::HAlign::Right, gfx::VAlign::Middle);
      return;
    }
    c.text({at.x, at.y - caption_h * 0.95f}, fit_text(c, text, font * 0.85f, width), font * 0.85f,
           p.text);
  };
  // Caption widths: a column's cells and the gap after it.
  const float middle_width = one_d ? max.x - min.x : out_at.x - filter_at.x;
  const float out_width = max.x - out_at.x;

  // The input with its ghost cells.
  caption(in_at, input_label, wp * cell + font);
  for (int gy = 0; gy < hp; ++gy)
    for (int gx = 0; gx < wp; ++gx)
      draw_cell(c, in_at + Vec2{gx * cell, gy * cell}, cell,
                input_look(s, gx - s.rx, gy - s.ry, p, boundary, in_shade), p, text_font);
  // The block's output tile and the input it needs (its halo), in input coordinates.
  const auto at_input = [&](int x, int y0) {
    return in_at + Vec2{(x + s.rx) * cell, (y0 + s.ry) * cell};
  };
  if (s.out_w > 0 && s.out_h > 0) {
    dashed_rect(c, at_input(s.out_x0 - s.rx, s.out_y0 - s.ry),
                at_input(s.out_x0 + s.out_w + s.rx, s.out_y0 + s.out_h + s.ry), p.highlight, 2.5f);
    c.rect(at_input(s.out_x0, s.out_y0), at_input(s.out_x0 + s.out_w, s.out_y0 + s.out_h),
           p.highlight, 2.5f);
  }
  hover.add(in_at, in_at + Vec2{wp * cell, hp * cell}, [shown, boundary, in_at, cell](Vec2 q) {
    const Shown& s = *shown;
    const int x = static_cast<int>((q.x - in_at.x) / cell) - s.rx;
    const int y = static_cast<int>((q.y - in_at.y) / cell) - s.ry;
    return describe_input(s, boundary, x, y);
  });

  // The shared tile of the shown block: who loads each cell, who then idles.
  if (tile) {
    const std::vector<double>& ns = s.values(kTile);
    const int64_t base = int64_t(s.block) * s.in_w * s.in_h;
    caption(tile_at, tile_label, middle_width);
    for (int ty = 0; ty < s.in_h; ++ty)
      for (int tx = 0; tx < s.in_w; ++tx) {
        const int64_t k = int64_t(ty) * s.in_w + tx;
        Look look;
        const double v = base + k < static_cast<int64_t>(ns.size()) ? ns[size_t(base + k)] : NAN;
        look.unwritten = v != v;
        look.text = conv_number(v);
        const auto loader = s.tile_loader.find(k);
        if (loader != s.tile_loader.end()) {
          look.fill =
              in_shade.on && !look.unwritten ? in_shade.of(v) : warp_tint(p, run, loader->second);
          look.idle = s.idle[static_cast<size_t>(loader->second)] &&
                      run.trace.steps[size_t(s.step)].phase != "load";
        }
        look.read = s.read_tile.count(k) > 0;
        look.written = s.wrote_tile.count(k) > 0;
        draw_cell(c, tile_at + Vec2{tx * cell, ty * cell}, cell, look, p, text_font);
      }
    hover.add(tile_at, tile_at + Vec2{s.in_w * cell, s.in_h * cell},
              [shown, tile_at, cell](Vec2 q) {
                const Shown& s = *shown;
                const int tx = static_cast<int>((q.x - tile_at.x) / cell);
                const int ty = static_cast<int>((q.y - tile_at.y) / cell);
                const int64_t k = int64_t(ty) * s.in_w + tx;
                const auto loader = s.tile_loader.find(k);
                std::string text = trf("N_s[{0}] of block {1}: input cell {2}", k, s.block,
                                       s.h > 1 ? "[" + std::to_string(s.in_y0 + ty) + "][" +
                                                     std::to_string(s.in_x0 + tx) + "]"
                                               : "[" + std::to_string(s.in_x0 + tx) + "]");
                if (loader != s.tile_loader.end()) {
                  text += "\n" + trf("loaded by {0}", thread_name(*s.run, loader->second));
                  if (s.idle[static_cast<size_t>(loader->second)])
                    text += "\n" + std::string(tr("a halo thread: it loads this cell, then idles"));
                }
                return text;
              });
  }

  // The filter: constant (broadcast) or global.
  caption(filter_at, filter_label, one_d ? max.x - filter_at.x : middle_width);
  const gfx::Color filter_fill = mix(p.cell_fill, constant ? p.register_row : p.global_row, 0.6f);
  for (int fy = 0; fy < f.height; ++fy)
    for (int fx = 0; fx < f.width; ++fx) {
      Look look;
      look.text = conv_number(f.weights[size_t(fy) * f.width + fx]);
      look.fill = filter_fill;
      look.read = s.read_f.count(int64_t(fy) * f.width + fx) > 0;
      draw_cell(c, filter_at + Vec2{fx * cell, fy * cell}, cell, look, p, weight_font);
    }
  hover.add(filter_at, filter_at + Vec2{f.width * cell, f.height * cell},
            [shown, filter_at, cell, constant](Vec2 q) {
              const conv::Filter& f = shown->run->filter;
              const int fx = static_cast<int>((q.x - filter_at.x) / cell);
              const int fy = static_cast<int>((q.y - filter_at.y) / cell);
              const std::string v = conv_number(f.weights[size_t(fy) * f.width + fx]);
              return trf("F[{0}][{1}] = {2}", fy, fx, v) + "\n" +
                     (constant ? tr("constant memory: the lanes of a warp read the same weight "
                                    "at once, one broadcast from the constant cache")
                               : tr("global memory: every thread loads this weight itself"));
            });

  // The outputs, filled as the store writes them.
  caption(out_at, output_label, out_width);
  const std::vector<double>& pv = s.values(kOutput);
  for (int oy = 0; oy < s.h; ++oy)
    for (int ox = 0; ox < s.w; ++ox) {
      const int64_t a = int64_t(oy) * s.w + ox;
      Look look;
      const double v = pv.at(size_t(a));
      look.unwritten = v != v;
      look.text = conv_number(v);
      look.fill = out_shade.on && !look.unwritten ? out_shade.of(v)
                                                  : warp_tint(p, run, s.out_thread[size_t(a)]);
      look.written = s.wrote_p.count(a) > 0;
      if (look.unwritten && s.op_at.count(a)) {
        // Not stored yet: the running sum in the thread's register.
        look.unwritten = false;
        look.text = conv_number(s.op_at.at(a).second);
        look.fill = mix(look.fill.a ? look.fill : p.cell_fill, p.background, 0.5f);
      }
      draw_cell(c, out_at + Vec2{ox * cell, oy * cell}, cell, look, p, text_font);
    }
  if (s.out_w > 0 && s.out_h > 0)
    c.rect(out_at + Vec2{s.out_x0 * cell, s.out_y0 * cell},
           out_at + Vec2{(s.out_x0 + s.out_w) * cell, (s.out_y0 + s.out_h) * cell}, p.highlight,
           2.5f);
  hover.add(out_at, out_at + Vec2{s.w * cell, s.h * cell}, [shown, out_at, cell](Vec2 q) {
    return describe_output(*shown, static_cast<int>((q.x - out_at.x) / cell),
                           static_cast<int>((q.y - out_at.y) / cell));
  });
}

}  // namespace

void draw_conv_teach(gfx::Canvas& c, gfx::Theme theme, const Taught<conv::TeachRun>& taught,
                     const Taught<conv::TeachRun>* compare, const ConvTeachInput& input, int step,
                     int block, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const conv::TeachRun& run = taught.run;
  const int shown_step = std::clamp(step, 0, static_cast<int>(run.trace.steps.size()) - 1);
  const TraceStep& st = run.trace.steps[size_t(shown_step)];
  const conv::VariantInfo& vi = conv::info(run.params.variant);
  const std::string title = trf("Convolution: {0}", kernel_text(vi.title));
  const conv::TeachGeometry& g = run.geometry;
  const std::string detail =
      trf("{0}; filter {1} {2} x {3}; {4}; grid {5} x {6} blocks of {7} x {8} threads; "
          "{9} backend",
          kernel_text(input.image.label), input.spec.name, run.filter.width, run.filter.height,
          boundary_phrase(run.params.boundary), g.grid_x, g.grid_y, g.block_x, g.block_y,
          backend_name(taught.traced.backend));
  const std::string step_line =
      trf("step {0} of {1}: {2}", shown_step + 1, run.trace.steps.size(), kernel_text(st.label));
  const float top = draw_header(c, title, detail, step_line, kernel_text(vi.lesson), p, font);

  // The hover regions keep the facts they read (the runs themselves live until the next reset,
  // which empties the hover map).
  std::vector<std::shared_ptr<const Shown>> kept;
  kept.push_back(std::make_shared<const Shown>(shown_run(taught, step, block)));
  if (compare) kept.push_back(std::make_shared<const Shown>(shown_run(*compare, step, block)));
  const Vec2 size = c.size();
  const float margin = font, legend_h = font * 1.6f, footer_h = font * 1.8f;
  const float bottom = size.y - footer_h - legend_h - margin * 0.3f;
  // Two 2D runs side by side or one above the other, whichever draws the cells larger.
  const float area_w = size.x - 2 * margin, area_h = bottom - top - margin * 0.3f;
  auto both_cell = [&](float w, float h) {
    float cell = grid_cell(*kept[0], w, h, font);
    if (kept.size() == 2) cell = std::min(cell, grid_cell(*kept[1], w, h, font));
    return cell;
  };
  const bool side_by_side = compare && run.height > 1 &&
                            both_cell(area_w / 2 - margin / 2, area_h - font * 1.4f) >
                                both_cell(area_w, area_h / 2 - margin / 2 - font * 1.4f);
  for (size_t k = 0; k < kept.size(); ++k) {
    Vec2 min{margin, top + margin * 0.3f}, max{size.x - margin, bottom};
    if (kept.size() == 2) {
      if (side_by_side) {
        const float mid = (min.x + max.x) / 2;
        (k == 0 ? max.x : min.x) = k == 0 ? mid - margin / 2 : mid + margin / 2;
      } else {
        const float mid = (min.y + max.y) / 2;
        (k == 0 ? max.y : min.y) = k == 0 ? mid - margin / 2 : mid + margin / 2;
      }
      const conv::VariantInfo& ki = conv::info(kept[k]->run->params.variant);
      c.text(
          min,
          fit_text(c, trf("{0} {1}", int(ki.variant), kernel_text(ki.title)), font, max.x - min.x),
          font, p.text);
      min.y += font * 1.4f;
    }
    draw_run(c, min, max, kept[k], run.params.boundary, p, font, hover);
  }

  LegendLine key(c, {margin, size.y - footer_h - legend_h}, font * 0.8f, p);
  key.outlined(p.read, 2);
  key.label(tr("read this step"));
  key.outlined(p.write, 3);
  key.label(tr("written this step"));
  key.outlined(p.highlight, 3);
  key.label(tr("the block's outputs (dashed: the input they need)"));
  if (kept[0]->has_tile && std::count(kept[0]->idle.begin(), kept[0]->idle.end(), true) > 0) {
    key.filled(mix(p.cell_fill, p.inactive, 0.6f));
    key.label(tr("a halo thread: loads, then idles"));
  }
  for (int w = 0; w < 4; ++w) key.strip(mix(p.cell_fill, p.warp_color(w), 0.4f));
  key.end_strips();
  key.label(tr("warp of the thread (outputs, tile)"));

  const StepCounters& sc = taught.traced.counters.per_step.at(size_t(shown_step));
  const FilterReads fr = filter_reads(run.trace, shown_step);
  std::string footer =
      trf("{0} in {1}, {2}, {3}, {4} this step",
          counted(sc.active_threads, TR_NOOP("{0} thread"), TR_NOOP("{0} threads")),
          counted(sc.active_warps, TR_NOOP("{0} warp"), TR_NOOP("{0} warps")),
          counted(sc.global_requests, TR_NOOP("{0} global sector"), TR_NOOP("{0} global sectors")),
          counted(sc.bank_conflicts, TR_NOOP("{0} bank conflict"), TR_NOOP("{0} bank conflicts")),
          filter_in_constant(run) ? counted(fr.broadcasts, TR_NOOP("{0} constant broadcast"),
                                            TR_NOOP("{0} constant broadcasts"))
                                  : counted(fr.accesses, TR_NOOP("{0} global filter read"),
                                            TR_NOOP("{0} global filter reads")));
  if (taught.traced.twin.ran)
    footer += taught.traced.twin.matches() ? tr("; GPU trace == CPU trace") : tr("; GPU != CPU");
  draw_footer(c, footer, p, font,
              taught.traced.twin.ran && !taught.traced.twin.matches() ? p.mismatch : p.text_muted);
}

}  // namespace ws::app
