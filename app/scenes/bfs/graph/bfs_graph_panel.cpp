// The graph mode's panel: the graph picker, source, variant with alpha / beta, the level and the
// view, the run's numbers and the fast mode; every change of a parameter is an edit of the scene.
#include <imgui.h>

#include "bfs_graph_mode.h"
#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/bfs/bfs_graph_loader.h"
#include "scenes/bfs/bfs_report.h"
#include "scenes/bfs/bfs_strings.h"

namespace ws::app {

namespace {

bool header(const char* text, const char* id) {
  return ImGui::CollapsingHeader(label_id(text, id).c_str(), ImGuiTreeNodeFlags_DefaultOpen);
}

void tooltip(const char* text) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

// The graph: a shipped one or a generator from the list, a path typed, symmetrize, the seed.
void graph_controls(const BfsSettings& s, std::string& path_field, nlohmann::json& edit) {
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
                 tr("a path, or gen:kron:16:16, gen:grid:256x256"), path_field))
    edit["graph"] = path_field;
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

// The source and the variant with its lesson, and alpha / beta for the variants that choose a
// direction.
void search_controls(const BfsSettings& s, nlohmann::json& edit) {
  int source = s.source;
  if (ImGui::InputInt(label_id(tr("source vertex"), "source").c_str(), &source, 1, 10,
                      ImGuiInputTextFlags_EnterReturnsTrue))
    edit["source"] = source;
  ImGui::TextDisabled("%s", tr("or click a vertex in the figure"));
  std::vector<std::string> variants;
  for (const auto& v : bfs::variant_infos())
    variants.push_back(std::to_string(int(v.variant)) + " " + kernel_text(v.title));
  int variant = int(s.variant) - 1;
  if (combo(label_id(tr("variant"), "variant").c_str(), variant, variants))
    edit["variant"] = std::to_string(variant + 1);
  const bfs::VariantInfo& vi = bfs::info(s.variant);
  ImGui::TextWrapped("%s",
                     trf("{0} (work {1})", kernel_text(vi.lesson), kernel_text(vi.work)).c_str());
  if (s.variant != bfs::Variant::DirectionOptimizing && s.variant != bfs::Variant::Fast) return;
  float alpha = float(s.alpha), beta = float(s.beta);
  ImGui::SliderFloat(label_id(tr("alpha"), "alpha").c_str(), &alpha, 0.5f, 100, "%.1f",
                     ImGuiSliderFlags_Logarithmic);
  tooltip(tr("top-down -> bottom-up when m_f > m_u / alpha (default 15)"));
  if (ImGui::IsItemDeactivatedAfterEdit()) edit["alpha"] = alpha;
  ImGui::SliderFloat(label_id(tr("beta"), "beta").c_str(), &beta, 0.5f, 100, "%.1f",
                     ImGuiSliderFlags_Logarithmic);
  tooltip(tr("bottom-up -> top-down when the frontier shrinks and n_f < n / beta (default 18)"));
  if (ImGui::IsItemDeactivatedAfterEdit()) edit["beta"] = beta;
}

// The run's numbers and its verdict.
void run_table(const BfsGraphRun& run) {
  const bfs::Result& r = run.result;
  const graph::Graph& g = *run.graph;
  std::vector<std::pair<std::string, std::string>> rows = {
      {tr("vertices"), with_commas(g.vertices)},
      {tr("edges (directed, stored)"), with_commas(g.edges())},
      {tr("reached"), with_commas(r.reached)},
      {tr("levels"), std::to_string(r.levels.size())},
      {tr("traversed edges (Graph500)"), with_commas(r.traversed_edges)},
      {tr("time"), r.ms > 0 ? ms_text(r.ms) : std::string(tr("not measured"))},
      {"GTEPS", r.ms > 0 ? std::to_string(gteps(r.traversed_edges, r.ms)) : "-"}};
  counter_table("bfs-run", rows);
  if (run.verify.empty() && run.matches_reference)
    ImGui::TextColored(ImVec4(0.2f, 0.7f, 0.3f, 1), "%s",
                       tr("verified: Graph500 / GAP checks pass, levels == reference"));
  else
    ImGui::TextColored(
        ImVec4(0.9f, 0.2f, 0.2f, 1), "%s",
        trf("WRONG: {0}",
            run.verify.empty() ? std::string(tr("levels differ from the reference")) : run.verify)
            .c_str());
}

}  // namespace

void BfsGraphMode::ui() {
  BfsGraphPane& pane = state_.pane;
  if (const std::string failure = pane.layout_failure(); !failure.empty())
    error_line(trf("layout failed: {0}", failure));
  else if (pane.layout_pending())
    ImGui::TextDisabled("%s", pane.layout_notice().c_str());
  const BfsSettings& s = settings();
  nlohmann::json change = nlohmann::json::object();
  if (header(tr("Graph"), "graph-header")) graph_controls(s, state_.path_field, change);
  if (header(tr("Search"), "search-header")) search_controls(s, change);
  if (header(tr("View"), "view-header")) {
    int level = state_.run.shown;
    if (ImGui::SliderInt(label_id(tr("level"), "level").c_str(), &level, 0, step_count() - 1))
      seek(level);
    const char* const views[] = {"both", "graph", "chart"};
    const char* const labels[] = {TR_NOOP("graph + chart"), TR_NOOP("graph"), TR_NOOP("chart")};
    for (int i = 0; i < 3; ++i) {
      if (i) ImGui::SameLine();
      const std::string id = std::string("view-") + views[i];
      if (ImGui::RadioButton(label_id(tr(labels[i]), id.c_str()).c_str(), s.view == views[i]) &&
          s.view != views[i]) {
        change["view"] = views[i];
        pane.refit();
      }
    }
    bool log_scale = s.log_scale;
    if (ImGui::Checkbox(label_id(tr("log scale when the counts span decades"), "log-scale").c_str(),
                        &log_scale))
      change["log_scale"] = log_scale;
    if (ImGui::Button(label_id(tr("fit"), "fit").c_str())) pane.refit();
    ImGui::SameLine();
    if (ImGui::Button(label_id(tr("new layout"), "new-layout").c_str())) {
      change["layout_seed"] = std::to_string(s.layout.seed + 1);
      pane.refit();
    }
    tooltip(tr("ForceAtlas2 again from other starting positions (graphs without coordinates)"));
    const graph::Graph* g = state_.run.graph.get();
    if (g && !g->has_coordinates() && !pane.layout_pending()) {
      ImGui::SameLine();
      if (ImGui::Button(label_id(tr("settle"), "settle").c_str())) pane.settle(20);
      tooltip(
          tr("20 more ForceAtlas2 steps from what is shown; shift-dragged vertices stay where "
             "you put them"));
    }
    ImGui::TextDisabled("%s", tr("wheel: zoom, drag: pan, shift + drag a vertex: move it"));
  }
  edit(change);
  if (state_.run.ran && state_.run.graph && header(tr("Run"), "run-header")) run_table(state_.run);
  fast_mode(0, "", TR_NOOP("Fast mode: every variant, GTEPS"));
}

}  // namespace ws::app
