// The graph mode's figure: the header (graph, variant, the level shown and what it did), the
// state legend, the graph drawn by GraphView beside or above the per-level chart (whichever
// arrangement lets the graph fill more of the figure), the verification line; and its hover texts
// (a vertex, a level of the chart).
#include <algorithm>
#include <cmath>

#include "bfs_graph_mode.h"
#include "i18n/i18n.h"
#include "scenes/bfs/bfs_graph_key.h"
#include "scenes/bfs/bfs_graph_loader.h"
#include "scenes/bfs/bfs_report.h"
#include "scenes/bfs/bfs_strings.h"
#include "views/figure_parts.h"
#include "views/level_chart.h"

namespace ws::app {

namespace {

gfx::Color direction_color(const gfx::Palette& p, bfs::Direction d) {
  return d == bfs::Direction::BottomUp ? p.warp[3] : p.warp[4];
}

LevelChart level_chart(const BfsSettings& s, const BfsGraphRun& run, const gfx::Palette& p,
                       gfx::Theme theme) {
  LevelChart chart;
  chart.x_label = tr("level (the depth of the frontier expanded)");
  chart.y_label = tr("vertices / edges");
  LevelSeries frontier{
      tr("frontier (vertices)"), GraphView::state_color(VertexState::Frontier, theme), {}};
  LevelSeries examined{tr("edges examined"), p.warp[0], {}};
  chart.strip = {tr("time per level (ms)"), p.text_muted, {}};
  chart.strip_unit = "ms";
  for (bfs::Direction d : {bfs::Direction::TopDown, bfs::Direction::BottomUp})
    chart.categories.push_back({kernel_text(bfs::direction_name(d)), direction_color(p, d)});
  chart.band_label = tr("direction");
  bool switches = false;
  for (const bfs::LevelStats& l : run.result.levels) {
    frontier.values.push_back(double(l.frontier));
    examined.values.push_back(double(l.edges_examined));
    chart.category.push_back(l.direction == bfs::Direction::BottomUp ? 1 : 0);
    chart.strip.values.push_back(l.ms);
    switches = switches || chart.category.back() != chart.category.front();
  }
  const bool optimizing =
      s.variant == bfs::Variant::DirectionOptimizing || s.variant == bfs::Variant::Fast;
  if (optimizing || switches) chart.switch_label = tr("direction switch");
  chart.bars = {frontier, examined};
  chart.current = run.shown;
  chart.log_scale = s.log_scale && level_values_span_decades(chart);
  return chart;
}

// Where the graph and the chart go in the body of the figure ([min, max] below the legend).
struct Arrangement {
  gfx::Vec2 graph_min, graph_max, chart_min, chart_max;
};

// The graph beside the chart or above it, whichever draws it larger (a graph taller than its
// share of a wide figure goes beside the chart), its area no larger than the graph needs so the
// chart takes the rest; the chart keeps room for its axes and legend.
Arrangement arrange(gfx::Vec2 min, gfx::Vec2 max, float aspect, float font) {
  const float w = max.x - min.x, h = max.y - min.y, gap = font * 0.6f;
  const float margin = 2 * 38.0f;  // GraphView::fit's room for disks, rings and labels
  // Stacked (the graph above): the graph takes up to 62% of the height.
  const float stacked_h = std::min(h * 0.62f, (w - margin) / aspect + margin);
  const float stacked_scale = std::min((w - margin) / aspect, stacked_h - margin);
  // Beside (the graph on the left): the chart keeps 40% of the width, and 24 fonts.
  const float beside_max = w - gap - std::max(w * 0.4f, font * 24);
  const float beside_w = std::min(beside_max, (h - margin) * aspect + margin);
  const float beside_scale = std::min((beside_w - margin) / aspect, h - margin);
  Arrangement a;
  if (beside_w > margin && beside_scale > stacked_scale * 1.1f) {
    a.graph_min = min;
    a.graph_max = {min.x + beside_w, max.y};
    a.chart_min = {min.x + beside_w + gap, min.y};
    a.chart_max = max;
  } else {
    a.graph_min = min;
    a.graph_max = {max.x, min.y + stacked_h};
    a.chart_min = {min.x, min.y + stacked_h + gap};
    a.chart_max = max;
  }
  return a;
}

// The hover text of level k of the per-level chart: its counts, direction and time.
std::string level_hover(const bfs::LevelStats& l, int k) {
  std::string text =
      trf("level {0} ({1})\nfrontier n_f = {2} vertices\nits out-edges m_f = {3}\nedges out of "
          "unvisited vertices m_u = {4}\nedges examined {5}\ndiscovered {6}\nthreads {7}",
          k, kernel_text(bfs::direction_name(l.direction)), with_commas(l.frontier),
          with_commas(l.frontier_edges), with_commas(l.unvisited_edges),
          with_commas(l.edges_examined), with_commas(l.discovered), with_commas(l.threads));
  if (l.ms > 0) text += "\n" + trf("time {0}", ms_text(l.ms));
  return text;
}

// The hover text of vertex v of the graph searched from `source`: its id, out-degree, level and
// parent, and what a click does.
std::string vertex_hover(const BfsGraphRun& run, int32_t v, int32_t source) {
  const graph::Graph& g = *run.graph;
  std::string text = g.original_ids.empty()
                         ? trf("vertex {0}", v)
                         : trf("vertex {0} (id {1} in the file)", v, g.original_ids[size_t(v)]);
  text += "\n" + trf("out-degree {0}", g.degree(v));
  if (run.ran) {
    const int32_t level = run.result.level[size_t(v)];
    text += "\n" + (level < 0 ? trf("not reached from {0}", source)
                              : trf("level {0}, parent {1}", level, run.result.parent[size_t(v)]));
  }
  return text + "\n" + tr("click: search from here");
}

}  // namespace

void BfsGraphMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& p = gfx::palette(theme);
  const gfx::Vec2 size = c.size();
  c.rect_filled({0, 0}, size, p.background);
  const float font = figure_font(size);
  BfsGraphPane& pane = state_.pane;
  const BfsGraphRun& run = state_.run;
  pane.no_graph_drawn();
  if (!run.graph) {
    c.text({8, 8}, error().empty() ? std::string(tr("no graph")) : error(), font, p.mismatch);
    return;
  }
  const BfsSettings& s = settings();
  const graph::Graph& g = *run.graph;
  const bfs::VariantInfo& vi = bfs::info(s.variant);
  const std::string title = trf("BFS from vertex {0} on {1}: variant {2} {3}", s.source,
                                s.graph_label(), int(s.variant), kernel_text(vi.id));
  std::string detail =
      trf("{0}; {1} backend", shown_graph_summary(g, s.graph_label()), backend_name(backend()));
  std::string step_line;
  const bfs::Result& r = run.result;
  if (run.ran) {
    detail = trf("{0}; reached {1}, {2}, {3} traversed edges", detail, with_commas(r.reached),
                 counted(int64_t(r.levels.size()), TR_NOOP("{0} level"), TR_NOOP("{0} levels")),
                 with_commas(r.traversed_edges));
    if (r.ms > 0) detail += ", " + ms_text(r.ms);
    if (run.shown < int(r.levels.size())) {
      const bfs::LevelStats& l = r.levels[size_t(run.shown)];
      step_line =
          trf("level {0} of {1} ({2}): frontier {3} with {4}; {5} examined by {6}; {7} discovered",
              run.shown, r.levels.size() - 1, kernel_text(bfs::direction_name(l.direction)),
              counted(l.frontier, TR_NOOP("{0} vertex"), TR_NOOP("{0} vertices"), true),
              counted(l.frontier_edges, TR_NOOP("{0} out-edge"), TR_NOOP("{0} out-edges"), true),
              counted(l.edges_examined, TR_NOOP("{0} edge"), TR_NOOP("{0} edges"), true),
              counted(l.threads, TR_NOOP("{0} thread"), TR_NOOP("{0} threads"), true),
              with_commas(l.discovered));
    }
  }
  float top = draw_header(c, title, detail, step_line, kernel_text(vi.lesson), p, font);
  const float bottom = size.y - font * 1.4f;  // the footer below
  const bool show_graph = s.view != "chart", show_chart = s.view != "graph";
  const LayoutRequest want = layout_request(s, run, backend(), context() && context()->has_gl);
  Arrangement a{{4, top}, {size.x - 4, bottom}, {4, top}, {size.x - 8, bottom}};
  if (show_graph) {
    // The legend of the vertex states across the figure, then the graph (laid out first: its
    // shape decides where the chart goes).
    top += draw_swatches(c, {4, top}, bfs_graph_key(theme, tr("examined this level")), p,
                         font * 0.85f) +
           font * 0.3f;
    pane.ensure_layout(want);
    if (show_chart)
      a = arrange({4, top}, {size.x - 4, bottom - font * 0.2f}, pane.aspect(), font);
    else
      a.graph_min.y = top;
    a.graph_max.y -= font * 0.3f;
  }
  if (show_graph && a.graph_max.y - a.graph_min.y > 20) {
    if (pane.ensure_view(want)) pane.update_overlay(run, s.source, want.has_gl);
    pane.draw_graph(c, a.graph_min, a.graph_max, theme);
    // The vertex under the pointer where the camera is now (the wheel and drags move it between
    // figures); the graph is the run's, the source the settings'.
    hover().add(a.graph_min, a.graph_max, [this](gfx::Vec2 point) {
      const int32_t v = state_.pane.vertex_at(point, 8);
      return v < 0 ? std::string() : vertex_hover(state_.run, v, settings().source);
    });
    // While the layout runs on the worker (the window), or when it failed: one line over the
    // graph's top-left corner.
    if (const std::string notice = pane.layout_notice(); !notice.empty()) {
      const float notice_font = font * 0.9f;
      const gfx::Vec2 at = a.graph_min + gfx::Vec2{6, 4};
      const gfx::Vec2 extent = c.text_size(notice, notice_font);
      c.rect_filled(at - gfx::Vec2{4, 2}, at + extent + gfx::Vec2{4, 2}, p.background, 3);
      c.text(at, notice, notice_font, pane.layout_failure().empty() ? p.text : p.mismatch);
    }
  }
  if (show_chart && run.ran) {
    c.begin_group("level-chart");
    const gfx::Vec2 chart_max{a.chart_max.x, bottom - font * 0.2f};
    const LevelChartLayout chart =
        draw_level_chart(c, a.chart_min, chart_max, level_chart(s, run, p, theme), p, font * 0.9f);
    c.end_group();
    // The level under the pointer: its counts (the run's levels stay until the next reset).
    const std::vector<bfs::LevelStats>* levels = &run.result.levels;
    hover().add(a.chart_min, chart_max, [chart, levels](gfx::Vec2 point) {
      const int k = level_at(chart, point);
      return k >= 0 && k < int(levels->size()) ? level_hover((*levels)[size_t(k)], k)
                                               : std::string();
    });
  }
  const bool ok = run.ran && run.verify.empty() && run.matches_reference;
  const std::string verdict =
      !run.ran ? std::string(tr("not run"))
      : ok     ? std::string(tr("verified: the Graph500 / GAP checks pass and the levels equal "
                                    "the reference BFS"))
               : trf("WRONG: {0}", run.verify.empty()
                                       ? std::string(tr("the levels differ from the reference BFS"))
                                       : run.verify);
  draw_footer(c, verdict, p, font, ok ? p.warp[2] : p.mismatch);
}

}  // namespace ws::app
