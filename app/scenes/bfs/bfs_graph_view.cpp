// The graph mode's figure and panel: the header (graph, variant, the level shown and what it did),
// the graph drawn by GraphView with the state legend, the per-level chart, the verification line;
// the controls (graph picker, source, variant, alpha / beta, level, view) and the stats.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "bfs_graph_loader.h"
#include "bfs_graph_key.h"
#include "bfs_graph_scene.h"
#include "bfs_report.h"
#include "bfs_strings.h"
#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

std::string ms_text(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, ms >= 100 ? "%.0f ms" : ms >= 1 ? "%.2f ms" : "%.3f ms", ms);
  return text;
}

gfx::Color direction_color(const gfx::Palette& p, bfs::Direction d) {
  return d == bfs::Direction::BottomUp ? p.warp[3] : p.warp[4];
}

}  // namespace

std::string BfsGraphScene::layout_notice() const {
  if (layout_pending())
    return trf("laying out {0} (ForceAtlas2)\xE2\x80\xA6",
               counted_text(graph_->vertices, TR_NOOP("{0} vertex"), TR_NOOP("{0} vertices")));
  if (!layout_error_.empty() && graph_ && layout_key_ == wanted_layout_key())
    return trf("layout failed: {0} (drawn at the starting positions)", layout_error_);
  return "";
}

LevelChart BfsGraphScene::level_chart(const gfx::Palette& p, gfx::Theme theme) const {
  LevelChart chart;
  chart.x_label = tr("level (the depth of the frontier expanded)");
  chart.y_label = tr("vertices / edges");
  LevelSeries frontier{
      tr("frontier (vertices)"), GraphView::state_color(VertexState::Frontier, theme), {}};
  LevelSeries examined{tr("edges examined"), p.warp[0], {}};
  chart.strip = {tr("time per level (ms)"), p.text_muted, {}};
  chart.strip_unit = "ms";
  chart.categories = {
      {direction_text(bfs::Direction::TopDown), direction_color(p, bfs::Direction::TopDown)},
      {direction_text(bfs::Direction::BottomUp), direction_color(p, bfs::Direction::BottomUp)}};
  chart.band_label = tr("direction");
  bool switches = false;
  for (const bfs::LevelStats& l : result_.levels) {
    frontier.values.push_back(double(l.frontier));
    examined.values.push_back(double(l.edges_examined));
    chart.category.push_back(l.direction == bfs::Direction::BottomUp ? 1 : 0);
    chart.strip.values.push_back(l.ms);
    switches = switches || chart.category.back() != chart.category.front();
  }
  const bool optimizing = settings_->variant == bfs::Variant::DirectionOptimizing ||
                          settings_->variant == bfs::Variant::Fast;
  if (optimizing || switches) chart.switch_label = tr("direction switch");
  chart.bars = {frontier, examined};
  chart.current = shown_;
  chart.log_scale = settings_->log_scale && level_values_span_decades(chart);
  return chart;
}

void BfsGraphScene::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& p = gfx::palette(theme);
  const gfx::Vec2 size = c.size();
  c.rect_filled({0, 0}, size, p.background);
  const float font = figure_font(size);
  drew_graph_ = false;
  chart_layout_ = {};
  if (!graph_) {
    c.text({8, 8}, error_.empty() ? std::string(tr("no graph")) : error_, font, p.mismatch);
    return;
  }
  const BfsSettings& s = *settings_;
  const bfs::VariantInfo& vi = bfs::info(s.variant);
  const std::string title = trf("BFS from vertex {0} on {1}: variant {2} {3}", s.source,
                                s.graph_label(), int(s.variant), variant_id_text(vi));
  std::string detail = trf("{0}; {1} backend", shown_graph_summary(*graph_, s.graph_label()),
                           backend_name(backend()));
  std::string step_line;
  if (ran_) {
    detail = trf("{0}; reached {1}, {2}, {3} traversed edges", detail, with_commas(result_.reached),
                 counted_text(int64_t(result_.levels.size()), TR_NOOP("{0} level"),
                              TR_NOOP("{0} levels"), false),
                 with_commas(result_.traversed_edges));
    if (result_.ms > 0) detail += ", " + ms_text(result_.ms);
    if (shown_ < int(result_.levels.size())) {
      const bfs::LevelStats& l = result_.levels[size_t(shown_)];
      step_line =
          trf("level {0} of {1} ({2}): frontier {3} with {4}; {5} examined by {6}; {7} discovered",
              shown_, result_.levels.size() - 1, direction_text(l.direction),
              counted_text(l.frontier, TR_NOOP("{0} vertex"), TR_NOOP("{0} vertices")),
              counted_text(l.frontier_edges, TR_NOOP("{0} out-edge"), TR_NOOP("{0} out-edges")),
              counted_text(l.edges_examined, TR_NOOP("{0} edge"), TR_NOOP("{0} edges")),
              counted_text(l.threads, TR_NOOP("{0} thread"), TR_NOOP("{0} threads")),
              with_commas(l.discovered));
    }
  }
  const float top = draw_header(c, title, detail, step_line, variant_lesson_text(vi), p, font);
  const float footer_h = font * 1.4f;
  const float bottom = size.y - footer_h;
  const bool show_graph = s.view != "chart", show_chart = s.view != "graph";
  float graph_bottom = bottom;
  if (show_graph && show_chart) graph_bottom = top + (bottom - top) * 0.62f;
  if (show_graph) {
    // The legend of the vertex states, then the graph.
    const std::vector<Swatch> states = bfs_graph_key(theme, tr("examined this level"));
    const float legend_h = draw_swatches(c, {4, top}, states, p, font * 0.85f);
    graph_min_ = {4, top + legend_h + font * 0.3f};
    graph_max_ = {size.x - 4, graph_bottom - font * 0.3f};
    if (graph_max_.y - graph_min_.y > 20) {
      ensure_view();
      view_->set_theme(theme);
      if (!view_fitted_) {
        view_->fit(graph_max_.x - graph_min_.x, graph_max_.y - graph_min_.y);
        view_fitted_ = true;
      }
      c.begin_group("graph");
      view_->draw(c, graph_min_, graph_max_, false);
      c.end_group();
      drew_graph_ = true;
      // While the layout runs on the worker (the window), or when it failed: one line over the
      // graph's top-left corner.
      if (const std::string notice = layout_notice(); !notice.empty()) {
        const float notice_font = font * 0.9f;
        const gfx::Vec2 at = graph_min_ + gfx::Vec2{6, 4};
        const gfx::Vec2 extent = c.text_size(notice, notice_font);
        c.rect_filled(at - gfx::Vec2{4, 2}, at + extent + gfx::Vec2{4, 2}, p.background, 3);
        c.text(at, notice, notice_font, layout_error_.empty() ? p.text : p.mismatch);
      }
    }
  }
  if (show_chart && ran_) {
    c.begin_group("level-chart");
    const float chart_top = show_graph ? graph_bottom + font * 0.4f : top;
    chart_layout_ = draw_level_chart(c, {4, chart_top}, {size.x - 8, bottom - font * 0.2f},
                                     level_chart(p, theme), p, font * 0.9f);
    c.end_group();
  }
  const bool ok = ran_ && verify_.empty() && matches_reference_;
  const std::string verdict =
      !ran_ ? std::string(tr("not run"))
      : ok  ? std::string(tr("verified: the Graph500 / GAP checks pass and the levels equal the "
                              "reference BFS"))
            : trf("WRONG: {0}", verify_.empty()
                                    ? std::string(tr("the levels differ from the reference BFS"))
                                    : verify_);
  draw_footer(c, verdict, p, font, ok ? p.warp[2] : p.mismatch);
}

std::string BfsGraphScene::describe_at(gfx::Vec2 point) const {
  const int k = level_at(chart_layout_, point);
  if (k >= 0 && k < int(result_.levels.size())) {
    const bfs::LevelStats& l = result_.levels[size_t(k)];
    std::string text =
        trf("level {0} ({1})\nfrontier n_f = {2} vertices\nits out-edges m_f = {3}\nedges out of "
            "unvisited vertices m_u = {4}\nedges examined {5}\ndiscovered {6}\nthreads {7}",
            k, direction_text(l.direction), with_commas(l.frontier), with_commas(l.frontier_edges),
            with_commas(l.unvisited_edges), with_commas(l.edges_examined),
            with_commas(l.discovered), with_commas(l.threads));
    if (l.ms > 0) text += "\n" + trf("time {0}", ms_text(l.ms));
    return text;
  }
  if (!view_ || !drew_graph_ || !graph_) return "";
  if (point.x < graph_min_.x || point.y < graph_min_.y || point.x > graph_max_.x ||
      point.y > graph_max_.y)
    return "";
  const int32_t v = view_->pick(point - graph_min_, 8);
  if (v < 0) return "";
  std::string text = graph_->original_ids.empty() ? trf("vertex {0}", v)
                                                  : trf("vertex {0} (id {1} in the file)", v,
                                                        graph_->original_ids[size_t(v)]);
  text += "\n" + trf("out-degree {0}", graph_->degree(v));
  if (ran_) {
    const int32_t level = result_.level[size_t(v)];
    text += "\n" + (level < 0 ? trf("not reached from {0}", settings_->source)
                              : trf("level {0}, parent {1}", level, result_.parent[size_t(v)]));
  }
  return text + "\n" + tr("click: search from here");
}

void BfsGraphScene::ui() {
  error_line(error_);
  if (!layout_error_.empty() && graph_ && layout_key_ == wanted_layout_key())
    error_line(trf("layout failed: {0}", layout_error_));
  else if (layout_pending())
    ImGui::TextDisabled("%s", layout_notice().c_str());
  BfsSettings& s = *settings_;
  nlohmann::json edit = nlohmann::json::object();
  if (ImGui::CollapsingHeader(label_id(tr("Graph"), "graph-header").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    std::vector<std::string> items;
    int current = -1;
    for (const ShippedGraph& g : shipped_graphs()) {
      if (s.graph == g.file) current = int(items.size());
      items.push_back(std::string(g.file) + "  (" + tr(g.description) + ")");
    }
    for (const auto& [spec, what] : generator_examples()) {
      if (s.graph == "gen:" + spec) current = int(items.size());
      items.push_back("gen:" + spec + "  (" + tr(what.c_str()) + ")");
    }
    const int shipped_count = int(shipped_graphs().size());
    int chosen = current;
    if (current < 0) items.push_back(s.graph);
    if (current < 0) chosen = int(items.size()) - 1;
    if (combo(label_id(tr("graph"), "graph").c_str(), chosen, items) && chosen != current) {
      if (chosen < shipped_count)
        edit["graph"] = shipped_graphs()[size_t(chosen)].file;
      else if (chosen < shipped_count + int(generator_examples().size()))
        edit["graph"] = "gen:" + generator_examples()[size_t(chosen - shipped_count)].first;
    }
    if (text_field(label_id(tr("file or gen:SPEC"), "graph-path").c_str(),
                   tr("a path, or gen:kron:16:16, gen:grid:256x256"), path_field_))
      edit["graph"] = path_field_;
    bool sym = s.symmetrize;
    if (ImGui::Checkbox(label_id(tr("symmetrize (add v->u for every u->v)"), "symmetrize").c_str(),
                        &sym))
      edit["symmetrize"] = sym;
    if (s.graph.rfind("gen:", 0) == 0) {
      int seed = int(std::min<uint64_t>(s.seed, 1u << 30));
      if (ImGui::InputInt(label_id(tr("generator seed"), "seed").c_str(), &seed, 1, 10,
                          ImGuiInputTextFlags_EnterReturnsTrue) &&
          seed >= 0)
        edit["seed"] = seed;
    }
  }
  if (ImGui::CollapsingHeader(label_id(tr("Search"), "search-header").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    int source = s.source;
    if (ImGui::InputInt(label_id(tr("source vertex"), "source").c_str(), &source, 1, 10,
                        ImGuiInputTextFlags_EnterReturnsTrue))
      edit["source"] = source;
    ImGui::TextDisabled("%s", tr("or click a vertex in the figure"));
    std::vector<std::string> variants;
    for (const auto& v : bfs::variant_infos())
      variants.push_back(std::to_string(int(v.variant)) + " " + variant_title_text(v));
    int variant = int(s.variant) - 1;
    if (combo(label_id(tr("variant"), "variant").c_str(), variant, variants))
      edit["variant"] = std::to_string(variant + 1);
    const bfs::VariantInfo& vi = bfs::info(s.variant);
    ImGui::TextWrapped(
        "%s", trf("{0} (work {1})", variant_lesson_text(vi), variant_work_text(vi)).c_str());
    if (s.variant == bfs::Variant::DirectionOptimizing || s.variant == bfs::Variant::Fast) {
      float alpha = float(s.alpha), beta = float(s.beta);
      ImGui::SliderFloat(label_id(tr("alpha"), "alpha").c_str(), &alpha, 0.5f, 100, "%.1f",
                         ImGuiSliderFlags_Logarithmic);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("top-down -> bottom-up when m_f > m_u / alpha (default 15)"));
      if (ImGui::IsItemDeactivatedAfterEdit()) edit["alpha"] = alpha;
      ImGui::SliderFloat(label_id(tr("beta"), "beta").c_str(), &beta, 0.5f, 100, "%.1f",
                         ImGuiSliderFlags_Logarithmic);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("bottom-up -> top-down when the frontier shrinks and n_f < n / "
                                   "beta (default 18)"));
      if (ImGui::IsItemDeactivatedAfterEdit()) edit["beta"] = beta;
    }
  }
  apply_edit(*this, edit, error_);
  if (ImGui::CollapsingHeader(label_id(tr("View"), "view-header").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    int level = shown_;
    if (ImGui::SliderInt(label_id(tr("level"), "level").c_str(), &level, 0, step_count() - 1))
      seek(level);
    int view = s.view == "graph" ? 1 : s.view == "chart" ? 2 : 0;
    if (ImGui::RadioButton(label_id(tr("graph + chart"), "view-both").c_str(), view == 0))
      s.view = "both";
    ImGui::SameLine();
    if (ImGui::RadioButton(label_id(tr("graph"), "view-graph").c_str(), view == 1))
      s.view = "graph";
    ImGui::SameLine();
    if (ImGui::RadioButton(label_id(tr("chart"), "view-chart").c_str(), view == 2))
      s.view = "chart";
    if (s.view != (view == 1 ? "graph" : view == 2 ? "chart" : "both")) view_fitted_ = false;
    ImGui::Checkbox(label_id(tr("log scale when the counts span decades"), "log-scale").c_str(),
                    &s.log_scale);
    if (ImGui::Button(label_id(tr("fit"), "fit").c_str())) view_fitted_ = false;
    ImGui::SameLine();
    if (ImGui::Button(label_id(tr("new layout"), "new-layout").c_str())) {
      apply_edit(*this, {{"layout_seed", std::to_string(s.layout.seed + 1)}}, error_);
      view_fitted_ = false;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("ForceAtlas2 again from other starting positions (graphs without "
                                 "coordinates)"));
    if (graph_ && !graph_->has_coordinates() && !layout_pending()) {
      ImGui::SameLine();
      if (ImGui::Button(label_id(tr("settle"), "settle").c_str())) settle(20);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("20 more ForceAtlas2 steps from what is shown; shift-dragged "
                                   "vertices stay where you put them"));
    }
    ImGui::TextDisabled("%s", tr("wheel: zoom, drag: pan, shift + drag a vertex: move it"));
  }
  if (ran_ && graph_ &&
      ImGui::CollapsingHeader(label_id(tr("Run"), "run-header").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    std::vector<std::pair<std::string, std::string>> rows = {
        {tr("vertices"), with_commas(graph_->vertices)},
        {tr("edges (directed, stored)"), with_commas(graph_->edges())},
        {tr("reached"), with_commas(result_.reached)},
        {tr("levels"), std::to_string(result_.levels.size())},
        {tr("traversed edges (Graph500)"), with_commas(result_.traversed_edges)},
        {tr("time"), result_.ms > 0 ? ms_text(result_.ms) : std::string(tr("not measured"))},
        {"GTEPS",
         result_.ms > 0 ? std::to_string(gteps(result_.traversed_edges, result_.ms)) : "-"}};
    counter_table("bfs-run", rows);
    if (verify_.empty() && matches_reference_)
      ImGui::TextColored(ImVec4(0.2f, 0.7f, 0.3f, 1), "%s",
                         tr("verified: Graph500 / GAP checks pass, levels == reference"));
    else
      ImGui::TextColored(
          ImVec4(0.9f, 0.2f, 0.2f, 1), "%s",
          trf("WRONG: {0}",
              verify_.empty() ? std::string(tr("levels differ from the reference")) : verify_)
              .c_str());
  }
  if (ImGui::CollapsingHeader(
          label_id(tr("Fast mode: every variant, GTEPS"), "fast-header").c_str()))
    fast_.ui(backend(), 0, [this](const BenchRequest& r) { return bench_job(r); });
}

void BfsGraphScene::code_ui() {
  KernelSource src;
  src.file = std::string("kernels/bfs/") + bfs::info(settings_->variant).source;
  src.section = bfs::info(settings_->variant).id;
  kernel_source_panel(src);
}

}  // namespace ws::app
