// The BFS teach figure's right-hand parts: the graph at a layered layout in its BFS colours with
// this step's edges, the atomics on the queue tails in serialization order, and the lanes of
// every warp (busy or idle this step, busy steps over the level).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>
#include <utility>
#include <vector>

#include "scenes/bfs/bfs_strings.h"
#include "bfs_teach_view.h"
#include "i18n/i18n.h"
#include "render/recording_canvas.h"
#include "views/cell_rows.h"
#include "views/field_raster.h"
#include "views/figure_parts.h"

namespace ws::app {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

double value_at(const TeachFrame& f, const char* name, int64_t i) {
  const int b = bfs::teach_buffer(f.run->trace, name);
  if (b < 0) return std::nan("");
  const std::vector<double>& v = f.values->at(size_t(b));
  return size_t(i) < v.size() ? v[size_t(i)] : std::nan("");
}

std::string level_text(double level) {
  if (std::isnan(level) || level < 0) return tr("not reached yet");
  return std::to_string(int64_t(level));
}

gfx::Color warp_fill(const gfx::Palette& p, int warp) {
  return mix(p.cell_fill, p.warp_color(warp), 0.55f);
}

}  // namespace

VertexState teach_vertex_state(double level, int32_t v, int32_t depth, int32_t source) {
  const int32_t l = std::isnan(level) || level < 0 ? -1 : int32_t(level);
  return vertex_state(l, v, depth, source);
}

TeachLayout layered_layout(const graph::Graph& g, const std::vector<int32_t>& level) {
  TeachLayout out;
  const int32_t n = g.vertices;
  out.x.assign(size_t(n), 0.5f);
  out.y.assign(size_t(n), 0.5f);
  if (n == 0) return out;
  int32_t deepest = 0;
  bool unreached = false;
  for (int32_t v = 0; v < n; ++v) {
    const int32_t l = size_t(v) < level.size() ? level[size_t(v)] : -1;
    if (l < 0) unreached = true;
    deepest = std::max(deepest, l);
  }
  out.columns = deepest + 1 + (unreached ? 1 : 0);
  std::vector<std::vector<int32_t>> column(size_t(out.columns));
  auto column_of = [&](int32_t v) {
    const int32_t l = size_t(v) < level.size() ? level[size_t(v)] : -1;
    return l < 0 ? out.columns - 1 : l;
  };
  for (int32_t v = 0; v < n; ++v) column[size_t(column_of(v))].push_back(v);
  // In-neighbours, to order each column by where its parents sit (fewer crossings).
  std::vector<std::vector<int32_t>> in(static_cast<size_t>(n));
  for (int32_t u = 0; u < n; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e)
      in[size_t(g.columns[size_t(e)])].push_back(u);
  std::vector<float> rank(size_t(n), 0);
  for (int c = 0; c < out.columns; ++c) {
    std::vector<int32_t>& col = column[size_t(c)];
    if (c > 0) {
      std::vector<float> key(size_t(n), 1e9f);
      for (int32_t v : col) {
        float sum = 0;
        int count = 0;
        for (int32_t u : in[size_t(v)])
          if (column_of(u) == c - 1) sum += rank[size_t(u)], ++count;
        key[size_t(v)] = count ? sum / count : 1e9f;
      }
      std::stable_sort(col.begin(), col.end(),
                       [&](int32_t a, int32_t b) { return key[size_t(a)] < key[size_t(b)]; });
    }
    // An edge inside the column, or a crowded column: every other vertex nudged sideways, so
    // those edges show and the circles have room.
    bool inner = col.size() > 8;
    for (int32_t v : col)
      for (int32_t u : in[size_t(v)])
        if (u != v && column_of(u) == c) inner = true;
    for (size_t i = 0; i < col.size(); ++i) {
      const int32_t v = col[i];
      rank[size_t(v)] = float(i);
      const float nudge = inner && col.size() > 1 ? (i % 2 ? 0.2f : -0.2f) : 0.0f;
      out.x[size_t(v)] = (float(c) + 0.5f + nudge) / float(out.columns);
      out.y[size_t(v)] = (float(i) + 0.5f) / float(col.size());
    }
  }
  return out;
}

namespace {

// The hover text of vertex v: id, level and parent after this step, degree, state.
std::string vertex_hover(const TeachFrame& f, int32_t v) {
  const graph::Graph& g = *f.graph;
  const double level = value_at(f, "level", v), parent = value_at(f, "parent", v);
  int64_t in_degree = 0;
  for (int32_t c : g.columns) in_degree += c == v;
  const std::string vertex = g.original_ids.empty()
                                 ? trf("vertex {0}", v)
                                 : trf("vertex {0} (id {1})", v, g.original_ids[size_t(v)]);
  const std::string parent_text = std::isnan(parent) || parent < 0
                                      ? std::string(tr("none yet"))
                                      : std::to_string(int64_t(parent));
  std::string text = g.symmetric
                         ? trf("{0}: level {1}, parent {2}, out-degree {3}", vertex,
                               level_text(level), parent_text, g.degree(v))
                         : trf("{0}: level {1}, parent {2}, out-degree {3}, in-degree {4}", vertex,
                               level_text(level), parent_text, g.degree(v), in_degree);
  const VertexState state = teach_vertex_state(level, v, f.facts->depth, f.run->params.source);
  if (state == VertexState::Source)
    text += tr("; the source");
  else
    text += trf("; {0} while level {1} is expanded", tr_text(GraphView::state_name(state)),
                f.facts->depth);
  return text;
}

}  // namespace

void draw_teach_graph(gfx::Canvas& c, Vec2 min, Vec2 max, const TeachFrame& f, HoverMap& hover) {
  const graph::Graph& g = *f.graph;
  const gfx::Palette& p = *f.palette;
  const TeachLayout& layout = *f.layout;
  const int32_t n = g.vertices;
  if (n == 0) return;
  // Vertex radius: under half the distance between the two closest vertices.
  const float w = max.x - min.x, h = max.y - min.y;
  auto at = [&](int32_t v) {
    return Vec2{min.x + layout.x[size_t(v)] * w, min.y + layout.y[size_t(v)] * h};
  };
  float closest = std::min(w, h);
  for (int32_t a = 0; a < n; ++a)
    for (int32_t b = a + 1; b < n; ++b) {
      const Vec2 d = at(a) - at(b);
      closest = std::min(closest, std::sqrt(d.x * d.x + d.y * d.y));
    }
  const float radius = std::clamp(closest * 0.4f, 3.0f, f.font * 0.95f);
  auto edge_line = [&](int32_t a, int32_t b, gfx::Color color, float thickness, bool head) {
    const Vec2 pa = at(a), pb = at(b), d = pb - pa;
    const float length = std::sqrt(d.x * d.x + d.y * d.y);
    if (length < 2 * radius + 1) return;
    const Vec2 u = d * (1 / length);
    const Vec2 from = pa + u * radius, to = pb - u * (radius + 1);
    if (head)
      c.arrow(from, to, color, thickness, std::max(5.0f, thickness * 3));
    else
      c.line(from, to, color, thickness);
  };
  const bool directed = !g.symmetric;
  auto edge_colour = [&](EdgeClass k) { return GraphView::edge_color(k, f.theme); };
  c.begin_group("graph-edges");
  for (int32_t u = 0; u < n; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      const int32_t v = g.columns[size_t(e)];
      if (!directed && v < u) continue;
      edge_line(u, v, edge_colour(EdgeClass::Plain), 1, directed);
    }
  c.end_group();
  // The BFS tree so far: each labelled vertex's parent edge.
  c.begin_group("bfs-tree");
  for (int32_t v = 0; v < n; ++v) {
    const double parent = value_at(f, "parent", v);
    if (std::isnan(parent) || parent < 0 || int32_t(parent) == v || parent >= n) continue;
    edge_line(int32_t(parent), v, edge_colour(EdgeClass::Tree), 2.2f, true);
  }
  c.end_group();
  c.begin_group("examined-edges");
  for (const ExaminedEdge& e : f.facts->edges)
    if (!e.useful) edge_line(e.from, e.to, edge_colour(EdgeClass::Examined), 2.6f, true);
  for (const ExaminedEdge& e : f.facts->edges)
    if (e.useful) edge_line(e.from, e.to, edge_colour(EdgeClass::Useful), 4, true);
  c.end_group();
  c.begin_group("vertices");
  struct Spot {
    Vec2 centre;
    float radius;
    std::string text;
  };
  std::vector<Spot> spots;  // hover disks, no smaller than 5 px
  const float id_font = std::min(radius * 1.05f, f.font * 0.85f);
  const int32_t source = f.run->params.source;
  for (int32_t v = 0; v < n; ++v) {
    const Vec2 centre = at(v);
    const double level = value_at(f, "level", v);
    const VertexState state = teach_vertex_state(level, v, f.facts->depth, source);
    const gfx::Color fill = GraphView::state_color(state, f.theme);
    if (state == VertexState::Source) {  // a ring around the disk, as in graph mode
      c.circle_filled(centre, radius + 4.5f, fill);
      c.circle_filled(centre, radius + 2.5f, p.background);
    }
    c.circle_filled(centre, radius + 1, p.cell_border);
    c.circle_filled(centre, radius, fill);
    if (id_font >= 6.5f)
      c.text(centre, std::to_string(v), id_font, ink_on(fill), HAlign::Center, VAlign::Middle);
    if (!std::isnan(level) && level >= 0 && radius >= 8 && n <= 16)
      c.text({centre.x + radius * 0.8f, centre.y - radius * 0.8f},
             "L" + std::to_string(int64_t(level)), f.font * 0.6f, p.text_muted, HAlign::Left,
             VAlign::Bottom);
    spots.push_back({centre, std::max(radius, 5.0f), vertex_hover(f, v)});
  }
  c.end_group();
  // Where hover disks overlap, the vertex with the lower id answers (added last).
  for (auto s = spots.rbegin(); s != spots.rend(); ++s) {
    const Vec2 reach{s->radius + 1, s->radius + 1};
    hover.add(s->centre - reach, s->centre + reach, [spot = std::move(*s)](Vec2 point) {
      const Vec2 d = point - spot.centre;
      return d.x * d.x + d.y * d.y <= spot.radius * spot.radius ? spot.text : std::string();
    });
  }
}

float draw_tail_atomics(gfx::Canvas& c, Vec2 origin, float width, const TeachFrame& f,
                        HoverMap& hover) {
  const gfx::Palette& p = *f.palette;
  const Trace& trace = f.run->trace;
  const float font = f.font * 0.8f;
  const bool has_tail =
      bfs::teach_buffer(trace, "tail") >= 0 || bfs::teach_buffer(trace, "block tail") >= 0;
  float y = origin.y +
            draw_wrapped(c, origin,
                         tr("atomics on the queue tails this step, one chain per "
                            "word, in the order they serialize"),
                         font, width, p.text, 2) +
            font * 0.3f;
  // A chain per word (7's steps add to "tail" and "next edges", or "tail" and "left tail", in
  // one step; a cluster block to its count and its edges), each in the order its atomics
  // serialize; short chains side by side.
  std::vector<TailAtomic> atomics = f.facts->atomics;
  const auto word = [](const TailAtomic& a) {
    return std::make_tuple(a.buffer, a.copy, a.element);
  };
  std::stable_sort(atomics.begin(), atomics.end(),
                   [&](const TailAtomic& a, const TailAtomic& b) { return word(a) < word(b); });
  if (atomics.empty()) {
    c.text(
        {origin.x, y},
        fit_text(
            c, has_tail ? tr("none this step") : tr("none: this variant keeps no queue (no tail)"),
            font * 0.9f, width),
        font * 0.9f, p.text_muted);
    return y + font * 1.3f - origin.y;
  }
  const float box_w = std::max(f.font * 2.3f, c.text_size("t127", font * 0.85f).x + 8);
  const float box_h = f.font * 1.25f, gap = f.font * 0.9f;
  const float label_max = width * 0.4f;
  const int bd = std::max(1, f.facts->block_dim);
  size_t i = 0;
  int rows = 0;
  float x = origin.x;
  while (i < atomics.size() && rows < 3) {
    const TailAtomic& first = atomics[i];
    const TraceBuffer& tb = trace.buffers[size_t(first.buffer)];
    const std::string name =
        buffer_label(tb.name) +
        (tb.space == MemSpace::Shared ? " b" + std::to_string(first.copy) : "") +
        (tb.size > 1 ? "[" + std::to_string(first.element) + "]" : "");
    // "next edges" and a cluster block's edges hand out edge ranges, the others queue slots.
    const bool edges =
        tb.name == "next edges" || (tb.name == "cluster counts" && first.element % 2 == 1);
    size_t length = 0;
    while (i + length < atomics.size() && word(atomics[i + length]) == word(first)) ++length;
    const float label_w = std::min(label_max, c.text_size(name, font * 0.85f).x + 6);
    const float chain_w = label_w + float(length) * (box_w + 4);
    if (x > origin.x && x + chain_w > origin.x + width) {  // the next row
      x = origin.x;
      y += box_h + font * 1.0f;
      if (++rows == 3) break;
    }
    c.text({x, y + box_h / 2}, fit_text(c, name, font * 0.85f, label_w - 4), font * 0.85f,
           p.text_muted, HAlign::Left, VAlign::Middle);
    const int fit = std::max(1, int((origin.x + width - x - label_w) / (box_w + 4)));
    const float boxes_x = x + label_w;
    for (int k = 0; k < fit && i < atomics.size() && word(atomics[i]) == word(first); ++k, ++i) {
      const TailAtomic& a = atomics[i];
      const int warp = teach_warp_of(a.thread, bd, trace.warp_size);
      const Vec2 b0{boxes_x + float(k) * (box_w + 4), y}, b1{b0.x + box_w, y + box_h};
      c.rect_filled(b0, b1, warp_fill(p, warp), 2);
      c.rect(b0, b1, p.atomic, 1.5f, 2);
      c.text({(b0.x + b1.x) / 2, (b0.y + b1.y) / 2}, "t" + std::to_string(a.thread), font * 0.85f,
             p.text, HAlign::Center, VAlign::Middle);
      const std::string slot = a.amount == 1 && !edges ? trf("slot {0}", int64_t(a.before))
                                                       : std::to_string(int64_t(a.before)) + "+" +
                                                             std::to_string(int64_t(a.amount));
      c.text({(b0.x + b1.x) / 2, b1.y + 1}, fit_text(c, slot, font * 0.65f, box_w + 2),
             font * 0.65f, p.text_muted, HAlign::Center, VAlign::Top);
      const bool waited = i > 0 && word(atomics[i - 1]) == word(a);  // not its chain's first
      if (k > 0)
        c.arrow({b0.x - 4, (b0.y + b1.y) / 2}, {b0.x, (b0.y + b1.y) / 2}, p.text_muted, 1, 3);
      const std::string what =
          edges ? trf("atomicAdd on {0} by thread {1} (warp {2}): read {3}, added {4} -> its "
                      "vertices' edges are {3}..{5} of the next level's",
                      name, a.thread, warp, int64_t(a.before), int64_t(a.amount),
                      int64_t(a.before + a.amount) - 1)
                : trf("atomicAdd on {0} by thread {1} (warp {2}): read {3}, added {4} -> its "
                      "vertices go to slots {3}..{5}",
                      name, a.thread, warp, int64_t(a.before), int64_t(a.amount),
                      int64_t(a.before + a.amount) - 1);
      hover.add(b0, {b1.x, b1.y + font * 0.7f},
                what + (waited ? tr("; it waited for the atomics before it") : ""));
      x = b1.x + 4;
    }
    x += gap;
  }
  if (rows < 3) y += box_h + font * 1.0f;  // below the last row drawn
  if (i < atomics.size())
    c.text({origin.x, y},
           counted(int64_t(atomics.size() - i), TR_NOOP("and {0} more atomic"),
                   TR_NOOP("and {0} more atomics"), false),
           font * 0.8f, p.text_muted);
  y += font * 0.9f;
  return y - origin.y;
}

namespace {

const char* const kLaneStripsCaption = TR_NOOP(
    "warp lanes: busy this step (colour) or idle (grey); bars: busy steps so far in the level");

float lane_width(float width, const TeachFrame& f) {
  return std::min(f.font * 1.0f, (width - f.font * 2.4f) / std::max(f.run->trace.warp_size, 1));
}

}  // namespace

float lane_strips_height(const gfx::Canvas& c, float width, const TeachFrame& f) {
  const float font = f.font * 0.8f;
  gfx::RecordingCanvas probe(c.size());
  const float caption_h =
      draw_wrapped(probe, {0, 0}, tr(kLaneStripsCaption), font, width, f.palette->text, 2);
  // A readable row: lanes half a font high (no taller than the lanes' own rows), a bar as high.
  const float cell_h = std::clamp(f.font * 0.5f, 6.0f, std::max(6.0f, lane_width(width, f) * 1.2f));
  const float row_h = 2 * cell_h + f.font * 0.3f;
  return caption_h + font * 0.3f + row_h * float(std::max<size_t>(f.facts->warps.size(), 1));
}

void draw_lane_strips(gfx::Canvas& c, Vec2 origin, Vec2 size, const TeachFrame& f,
                      HoverMap& hover) {
  const gfx::Palette& p = *f.palette;
  const StepFacts& facts = *f.facts;
  const float font = f.font * 0.8f;
  // The caption wraps (two lines at most) rather than being cut off in a narrow figure.
  const float caption_h = draw_wrapped(c, origin, tr(kLaneStripsCaption), font, size.x, p.text, 2);
  const int warp_size = std::max(f.run->trace.warp_size, 1);
  const float label_w = f.font * 2.4f;
  const float lane_w = lane_width(size.x, f);
  float y = origin.y + caption_h + font * 0.3f;
  // Rows as tall as the room allows for every warp, between 6 px and a font.
  const float gap = f.font * 0.3f;
  const float fit_h = (origin.y + size.y - y) / float(std::max<size_t>(facts.warps.size(), 1));
  const float cell_h =
      std::clamp((fit_h - gap) / 2.0f, 6.0f, std::min(f.font * 0.9f, lane_w * 1.2f));
  const float bar_h = cell_h;
  const float row_h = cell_h + bar_h + gap;
  const int fit = std::max(1, int((origin.y + size.y - y) / row_h));
  // Warps with work in this level first (the rest are idle the whole level).
  std::vector<const WarpLanes*> order;
  for (const WarpLanes& w : facts.warps)
    if (std::any_of(w.level_busy.begin(), w.level_busy.end(), [](int k) { return k > 0; }))
      order.push_back(&w);
  const size_t working = order.size();
  for (const WarpLanes& w : facts.warps)
    if (std::none_of(w.level_busy.begin(), w.level_busy.end(), [](int k) { return k > 0; }))
      order.push_back(&w);
  const int shown = std::min<int>(fit - (int(order.size()) > fit ? 1 : 0), int(order.size()));
  const float steps_so_far = float(facts.step_in_level + 1);
  for (int r = 0; r < shown; ++r) {
    const WarpLanes& w = *order[size_t(r)];
    int busy = 0, level_busy = 0;
    for (size_t l = 0; l < w.busy.size(); ++l) busy += w.busy[l], level_busy += w.level_busy[l];
    c.text({origin.x, y + cell_h / 2}, "w" + std::to_string(w.warp), font, p.text, HAlign::Left,
           VAlign::Middle);
    const float x0 = origin.x + label_w;
    for (int l = 0; l < warp_size; ++l) {
      const Vec2 a{x0 + l * lane_w + 0.5f, y}, b{x0 + (l + 1) * lane_w - 0.5f, y + cell_h};
      if (!w.exists(l)) continue;
      const bool on = w.busy[size_t(l)];
      c.rect_filled(a, b, on ? mix(p.cell_fill, p.warp_color(w.warp), 0.8f) : p.cell_unwritten, 1);
      const float frac = float(w.level_busy[size_t(l)]) / steps_so_far;
      if (frac > 0)
        c.rect_filled({a.x, y + cell_h + bar_h * (1 - frac)}, {b.x, y + cell_h + bar_h},
                      mix(p.cell_fill, p.warp_color(w.warp), 0.5f));
    }
    c.line({x0, y + cell_h + bar_h}, {x0 + warp_size * lane_w, y + cell_h + bar_h}, p.inactive, 1);
    const bool divergent = busy > 0 && busy < int(w.busy.size());
    const std::string note = trf("{0}/{1} busy", busy, w.busy.size());
    const float note_x = x0 + warp_size * lane_w + 4;
    if (note_x + c.text_size(note, font * 0.8f).x <= origin.x + size.x)
      c.text({note_x, y + cell_h / 2}, note, font * 0.8f, divergent ? p.divergent : p.text_muted,
             HAlign::Left, VAlign::Middle);
    std::string text =
        (divergent ? trf("warp {0}: {1} of {2} lanes busy this step (divergent: the idle lanes "
                         "wait); {3} busy lane-steps of {4} in this level so far",
                         w.warp, busy, w.busy.size(), level_busy,
                         int64_t(w.busy.size()) * int64_t(steps_so_far))
                   : trf("warp {0}: {1} of {2} lanes busy this step; {3} busy lane-steps of {4} in "
                         "this level so far",
                         w.warp, busy, w.busy.size(), level_busy,
                         int64_t(w.busy.size()) * int64_t(steps_so_far)));
    int most = 0;
    for (size_t l = 0; l < w.level_busy.size(); ++l) most = std::max(most, w.level_busy[l]);
    if (most > 0)
      text += trf("; the busiest lane worked {0} of {1} steps", most, int(steps_so_far));
    hover.add({origin.x, y}, {x0 + warp_size * lane_w, y + cell_h + bar_h}, std::move(text));
    y += row_h;
  }
  if (shown < int(order.size()))
    c.text({origin.x, y},
           size_t(shown) >= working
               ? counted(int64_t(order.size()) - shown,
                         TR_NOOP("and {0} more warp (idle the whole level)"),
                         TR_NOOP("and {0} more warps (idle the whole level)"), false)
               : counted(int64_t(order.size()) - shown, TR_NOOP("and {0} more warp"),
                         TR_NOOP("and {0} more warps"), false),
           font * 0.85f, p.text_muted);
}

}  // namespace ws::app
