#include "merge_path_figure.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

#include "i18n/i18n.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

// A thread's colour (the palette's warp colours; -1: the muted text colour).
gfx::Color mp_thread_colour(const gfx::Palette& p, int thread) {
  return thread < 0 ? p.text_muted : p.warp_color(thread);
}

// The thread that merges the `index`-th key of A (take_a) or B: the output the path takes it
// as, and the cut at or before that output on the latest diagonal (the first such cut listed).
// -1 while any thread still searches: the ranges are not known yet.
int mp_owner(const std::vector<MergePathCut>& cuts, const std::vector<bool>& moves, int index,
             bool take_a) {
  for (const MergePathCut& c : cuts)
    if (!c.found) return -1;
  int k = -1;
  for (int s = 0, seen = 0; s < int(moves.size()) && k < 0; ++s)
    if (moves[size_t(s)] == take_a && seen++ == index) k = s;
  int owner = -1, latest = -1;
  for (const MergePathCut& c : cuts)
    if (c.thread >= 0 && c.k <= k && c.k > latest) {
      latest = c.k;
      owner = c.thread;
    }
  return owner;
}

// The two ends of diagonal k inside the m x n grid: top-right (most A) and bottom-left.
void mp_diagonal_ends(int k, int m, int n, int& i_hi, int& i_lo) {
  i_hi = std::min(k, m);
  i_lo = std::max(0, k - n);
}

void mp_draw_headers(gfx::Canvas& c, const MergePathGeometry& g, const MergePathPicture& pic,
                     const gfx::Palette& p, float font, HoverMap* hover) {
  const float cf = std::min(font, g.cell * 0.45f);
  const std::vector<bool> moves = merge_path_moves(pic.a, pic.b);
  for (int i = 0; i < g.m; ++i) {
    const Vec2 lo = g.point(i, 0) - Vec2{0, g.cell}, hi = g.point(i + 1, 0);
    const int t = mp_owner(pic.cuts, moves, i, true);
    c.rect_filled(lo, hi, t >= 0 ? mix(p.background, p.warp_color(t), 0.25f) : p.cell_fill);
    c.rect(lo, hi, p.cell_border);
    if (cf >= 7)
      c.text((lo + hi) * 0.5f, number(pic.a[size_t(i)], pic.type), cf, p.text, HAlign::Center,
             VAlign::Middle);
    if (hover) {
      std::string text = trf("A[{0}] = {1}", i, number(pic.a[size_t(i)], pic.type));
      if (t >= 0) text += trf(", merged by thread {0}", t);
      hover->add(lo, hi, text);
    }
  }
  for (int j = 0; j < g.n; ++j) {
    const Vec2 lo = g.point(0, j) - Vec2{g.cell, 0}, hi = g.point(0, j + 1);
    const int t = mp_owner(pic.cuts, moves, j, false);
    c.rect_filled(lo, hi, t >= 0 ? mix(p.background, p.warp_color(t), 0.25f) : p.cell_fill);
    c.rect(lo, hi, p.cell_border);
    if (cf >= 7)
      c.text((lo + hi) * 0.5f, number(pic.b[size_t(j)], pic.type), cf, p.text, HAlign::Center,
             VAlign::Middle);
    if (hover) {
      std::string text = trf("B[{0}] = {1}", j, number(pic.b[size_t(j)], pic.type));
      if (t >= 0) text += trf(", merged by thread {0}", t);
      hover->add(lo, hi, text);
    }
  }
  const Vec2 corner = g.point(0, 0);
  c.text(corner - Vec2{g.cell * 0.5f, g.cell * 0.5f}, "A \u2192", std::min(font, g.cell * 0.4f),
         p.text_muted, HAlign::Center, VAlign::Bottom);
  c.text(corner - Vec2{g.cell * 0.5f, g.cell * 0.5f}, "B \u2193", std::min(font, g.cell * 0.4f),
         p.text_muted, HAlign::Center, VAlign::Top);
}

// The grid: a cell (i, j) shaded where A[i] > B[j] (B[j] goes first); the probe's two compared
// cells outlined.
void mp_draw_cells(gfx::Canvas& c, const MergePathGeometry& g, const MergePathPicture& pic,
                   const gfx::Palette& p, HoverMap* hover) {
  const gfx::Color shade = mix(p.background, p.text_muted, 0.18f);
  for (int j = 0; j < g.n; ++j)
    for (int i = 0; i < g.m; ++i) {
      const Vec2 lo = g.point(i, j), hi = g.point(i + 1, j + 1);
      if (pic.a[size_t(i)] > pic.b[size_t(j)]) c.rect_filled(lo, hi, shade);
      c.rect(lo, hi, p.cell_border.with_alpha(90));
    }
  if (hover) {
    const auto a = std::make_shared<std::vector<double>>(pic.a);
    const auto b = std::make_shared<std::vector<double>>(pic.b);
    // The i of the path's crossing of every diagonal k = 0..m+n.
    const auto crossing = std::make_shared<std::vector<int>>(1, 0);
    for (bool take_a : merge_path_moves(pic.a, pic.b))
      crossing->push_back(crossing->back() + (take_a ? 1 : 0));
    const ValueType type = pic.type;
    const Vec2 r{g.cell * 0.2f, g.cell * 0.2f};
    hover->add(g.point(0, 0) - r, g.max() + r, [g, a, b, crossing, type](Vec2 q) {
      // Near a corner: the diagonal through it and where the path crosses that diagonal.
      const float fi = (q.x - g.origin.x) / g.cell, fj = (q.y - g.origin.y) / g.cell;
      const int ci = int(std::lround(fi)), cj = int(std::lround(fj));
      if (std::abs(fi - ci) < 0.2f && std::abs(fj - cj) < 0.2f && ci >= 0 && ci <= g.m && cj >= 0 &&
          cj <= g.n) {
        const int k = ci + cj, i = (*crossing)[size_t(k)];
        return trf("({0}, {1}) on diagonal k = {2}: the path crosses it at i = {3}, j = {4}", ci,
                   cj, k, i, k - i);
      }
      if (g.m == 0 || g.n == 0) return std::string();
      const int i = std::clamp(int(fi), 0, g.m - 1), j = std::clamp(int(fj), 0, g.n - 1);
      const std::string av = number((*a)[size_t(i)], type), bv = number((*b)[size_t(j)], type);
      return (*a)[size_t(i)] > (*b)[size_t(j)]
                 ? trf("A[{0}] = {1} > B[{2}] = {3}: B[{2}] goes first", i, av, j, bv)
                 : trf("A[{0}] = {1} <= B[{2}] = {3}: A[{0}] goes first", i, av, j, bv);
    });
  }
  for (const MergePathProbe& pr : pic.probes) {
    const gfx::Color ring = mp_thread_colour(p, pr.thread);
    if (pr.i > 0 && pr.j < g.n)  // A[i-1] against B[j]
      c.rect(g.point(pr.i - 1, pr.j), g.point(pr.i, pr.j + 1), ring, 3);
    if (pr.j > 0 && pr.i < g.m)  // B[j-1] against A[i]
      c.rect(g.point(pr.i, pr.j - 1), g.point(pr.i + 1, pr.j), ring, 3);
  }
}

void mp_draw_path(gfx::Canvas& c, const MergePathGeometry& g, const MergePathPicture& pic,
                  const gfx::Palette& p) {
  const std::vector<bool> moves = merge_path_moves(pic.a, pic.b);
  int i = 0, j = 0;
  const float width = std::max(2.0f, g.cell * 0.09f);
  for (size_t k = 0; k < moves.size(); ++k) {
    const Vec2 from = g.point(i, j);
    (moves[k] ? i : j) += 1;
    gfx::Color colour = p.text;
    bool written = true;
    if (!pic.writer.empty()) {
      const int t = k < pic.writer.size() ? pic.writer[k] : -1;
      written = t >= 0;
      colour = written ? p.warp_color(t) : p.text_muted.with_alpha(170);
    }
    c.line(from, g.point(i, j), colour, written ? width : std::max(1.5f, width * 0.4f));
  }
}

void mp_draw_cuts(gfx::Canvas& c, const MergePathGeometry& g, const MergePathPicture& pic,
                  const gfx::Palette& p, float font, HoverMap* hover) {
  const float label = std::clamp(g.cell * 0.4f, 8.0f, font);
  // A diagonal found by two threads (one's k_next, the next one's k_curr; idle threads' m + n)
  // is drawn once; labels only while they fit (a label every cell at most).
  std::set<int> drawn, distinct;
  for (const MergePathCut& cut : pic.cuts) distinct.insert(cut.k);
  const bool labels = distinct.size() <= 24;
  for (const MergePathCut& cut : pic.cuts) {
    if (cut.found && !drawn.insert(cut.k).second) continue;
    int i_hi = 0, i_lo = 0;
    mp_diagonal_ends(cut.k, g.m, g.n, i_hi, i_lo);
    const gfx::Color colour = mp_thread_colour(p, cut.thread);
    c.line(g.point(i_hi, cut.k - i_hi), g.point(i_lo, cut.k - i_lo), colour.with_alpha(150), 1.5f);
    // The label past the diagonal's top-right end: above the A header, or right of the grid.
    const Vec2 end = g.point(i_hi, cut.k - i_hi);
    if (labels && cut.k - i_hi == 0)
      c.text({end.x, end.y - g.cell - 2}, trf("k={0}", cut.k), label, colour, HAlign::Center,
             VAlign::Bottom);
    else if (labels)
      c.text({end.x + std::max(8.0f, g.cell * 0.36f), end.y}, trf("k={0}", cut.k), label, colour,
             HAlign::Left, VAlign::Middle);
    if (cut.found) c.circle_filled(g.point(cut.i, cut.j), std::max(3.5f, g.cell * 0.12f), colour);
    if (!hover) continue;
    const std::string who = cut.thread >= 0 ? trf(" (thread {0})", cut.thread) : "";
    const std::string text =
        cut.found ? trf("diagonal k = {0}: co-rank i = {1}, j = {2}", cut.k, cut.i, cut.j) + who
                  : trf("diagonal k = {0}: still searched", cut.k) + who;
    for (int i = i_lo; i <= i_hi; ++i) {
      const Vec2 q = g.point(i, cut.k - i), r{g.cell * 0.2f, g.cell * 0.2f};
      hover->add(q - r, q + r, text);
    }
  }
}

void mp_draw_probe(gfx::Canvas& c, const MergePathGeometry& g, const MergePathProbe& pr,
                   const gfx::Palette& p) {
  const gfx::Color colour = mp_thread_colour(p, pr.thread);
  // The window the search still holds: from (i_low, k - i_low) up to (k - j_low, j_low).
  const int i_top = std::min(pr.k - pr.j_low, g.m);
  c.line(g.point(pr.i_low, pr.k - pr.i_low), g.point(i_top, pr.k - i_top), colour, 5);
  const Vec2 at = g.point(pr.i, pr.j);
  const float r = std::max(6.0f, g.cell * 0.22f);
  if (pr.i_after != pr.i) {
    const Vec2 to = g.point(pr.i_after, pr.j_after), d = to - at;
    const float len = std::sqrt(d.x * d.x + d.y * d.y);
    c.arrow(at + d * (r / len), to, colour, 2.5f, std::max(7.0f, g.cell * 0.2f));
  }
  c.circle_filled(at, r, colour);
  c.circle_filled(at, r * 0.5f, p.background);
}

}  // namespace

std::vector<bool> merge_path_moves(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<bool> moves;
  moves.reserve(a.size() + b.size());
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    const bool take_a = j == b.size() || (i < a.size() && a[i] <= b[j]);
    moves.push_back(take_a);
    (take_a ? i : j) += 1;
  }
  return moves;
}

MergePathCut merge_path_crossing(const std::vector<double>& a, const std::vector<double>& b,
                                 int k) {
  const std::vector<bool> moves = merge_path_moves(a, b);
  MergePathCut cut{k, 0, 0, -1};
  for (int s = 0; s < k && s < int(moves.size()); ++s) (moves[size_t(s)] ? cut.i : cut.j) += 1;
  return cut;
}

MergePathGeometry draw_merge_path(gfx::Canvas& c, Vec2 min, Vec2 max, const MergePathPicture& pic,
                                  const gfx::Palette& p, float font, HoverMap* hover) {
  MergePathGeometry g;
  g.m = int(pic.a.size());
  g.n = int(pic.b.size());
  float top = min.y;
  if (!pic.caption.empty()) {
    c.text(min, fit_text(c, pic.caption, font, max.x - min.x), font, p.text);
    top += font * 1.5f;
  }
  // One header cell left of and above the grid, and room for the diagonals' labels.
  const float cols = float(g.m + 1) + 1.2f, rows = float(g.n + 1) + 1.0f;
  g.cell = std::min({(max.x - min.x) / cols, (max.y - top) / rows, font * 5.0f});
  g.origin = {min.x + g.cell, top + g.cell + std::max(font, g.cell * 0.5f)};
  mp_draw_cells(c, g, pic, p, hover);
  mp_draw_headers(c, g, pic, p, font, hover);
  mp_draw_path(c, g, pic, p);
  mp_draw_cuts(c, g, pic, p, font, hover);
  for (const MergePathProbe& pr : pic.probes) mp_draw_probe(c, g, pr, p);
  return g;
}

}  // namespace ws::app
