// The teach mode's panel: the graph (typed, or one of the small ones) and the source, why nothing
// is traced, the variant with its launch and alpha / beta, and the step's counters. Every change
// is an edit of the scene: a graph too large for teach mode moves it to graph mode.
#include <imgui.h>

#include "bfs_teach_mode.h"
#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/bfs/bfs_strings.h"

namespace ws::app {

namespace {

bool header(const char* text, const char* id) {
  return ImGui::CollapsingHeader(label_id(text, id).c_str(), ImGuiTreeNodeFlags_DefaultOpen);
}

void graph_controls(const BfsSettings& s, nlohmann::json& edit) {
  static std::string graph_text, seen;
  if (s.graph != seen) graph_text = seen = s.graph;
  if (text_field(label_id(tr("graph"), "graph").c_str(),
                 tr("a file, a shipped graph or gen:SPEC; Enter applies"), graph_text))
    edit["graph"] = graph_text;
  ImGui::TextDisabled("%s", tr("small graphs:"));
  for (const char* name : {"gen:pmpp", "karate.mtx", "gen:tree:4", "gen:grid:6x6"}) {
    ImGui::SameLine();
    if (ImGui::SmallButton(name)) edit["graph"] = name;
  }
  const graph::Graph* g = s.loaded.get();
  if (g && g->vertices <= bfs::kTeachMaxVertices && g->edges() <= bfs::kTeachMaxEdges) {
    int source = s.source;
    if (ImGui::SliderInt(label_id(tr("source"), "source").c_str(), &source, 0, g->vertices - 1))
      edit["source"] = source;
  }
}

void bfs_variant_controls(const BfsSettings& s, nlohmann::json& edit) {
  const std::string chosen = variant_combo(label_id(tr("variant"), "variant"), bfs::variant_infos(),
                                           std::optional(s.variant));
  if (!chosen.empty()) edit["variant"] = chosen;
  const bfs::VariantInfo& vi = bfs::info(s.variant);
  ImGui::TextWrapped("%s", kernel_text(vi.lesson).c_str());
  ImGui::TextDisabled("%s", trf("work {0}", kernel_text(vi.work)).c_str());
  int warps = s.teach_block_dim / 32;
  if (ImGui::SliderInt(label_id(tr("warps per block"), "warps").c_str(), &warps, 1, 4))
    edit["teach_block"] = warps * 32;
  if (s.variant != bfs::Variant::DirectionOptimizing && s.variant != bfs::Variant::Fast) return;
  float alpha = float(s.alpha), beta = float(s.beta);
  if (ImGui::SliderFloat(label_id(tr("alpha"), "alpha").c_str(), &alpha, 0.5f, 50.0f, "%.1f"))
    edit["alpha"] = alpha;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", tr("top-down -> bottom-up when m_f > m_u / alpha (Beamer: 15)"));
  if (ImGui::SliderFloat(label_id(tr("beta"), "beta").c_str(), &beta, 0.5f, 50.0f, "%.1f"))
    edit["beta"] = beta;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", tr("bottom-up -> top-down when n_f < n / beta (Beamer: 18)"));
}

void step_panel(const Taught<bfs::TeachRun>& taught, int step) {
  const bfs::TeachRun& run = taught.run;
  const TraceStep& s = run.trace.steps.at(size_t(step));
  const StepFacts f = step_facts(run, taught.traced.snapshots, step);
  ImGui::TextWrapped(
      "%s", trf("Step {0} of {1}: {2} (level {3}, {4}; step {5} of the level's {6})", step + 1,
                run.trace.steps.size(), kernel_text(s.label), f.depth,
                kernel_text(bfs::direction_name(f.direction)), f.step_in_level + 1, f.level_steps)
                .c_str());
  twin_check_line(taught.traced.twin);
  int64_t useful = 0;
  for (const ExaminedEdge& e : f.edges) useful += e.useful;
  counters_table(
      "bfs-teach-counters",
      {kernel_text(bfs::info(run.params.variant).id), &taught.traced.counters}, nullptr, step,
      {{tr("edges examined, this step"), std::to_string(f.edges.size()), ""},
       {tr("edges that discovered a vertex"), std::to_string(useful), ""},
       {tr("edges examined, level so far"), std::to_string(f.level_edges), ""},
       {tr("atomics on the tail, this step"), std::to_string(f.atomics.size()), ""},
       {tr("atomics on the tail, level so far"), std::to_string(f.level_atomics), ""},
       {tr("busy lane-steps / launched, level so far"),
        std::to_string(f.level_lanes_busy) + " / " + std::to_string(f.level_lanes), ""}});
}

}  // namespace

void BfsTeachMode::ui() {
  nlohmann::json change = nlohmann::json::object();
  if (header(tr("Graph"), "graph-header")) graph_controls(settings(), change);
  if (!state_.message.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.45f, 0.1f, 1));
    ImGui::TextWrapped("%s", shown_message().c_str());
    ImGui::PopStyleColor();
  }
  if (header(tr("Variant"), "variant-header")) bfs_variant_controls(settings(), change);
  // The edit may switch modes (a graph too large for this one): this mode is detached then.
  edit(change);
  if (!taught() || !context()) return;
  if (header(tr("This step"), "step-header")) step_panel(*taught(), step());
}

}  // namespace ws::app
