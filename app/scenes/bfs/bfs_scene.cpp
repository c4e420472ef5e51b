#include "bfs_scene.h"

#include <imgui.h>

#include "bfs_graph_loader.h"
#include "bfs_graph_scene.h"
#include "bfs_teach_scene.h"
#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

// What says which graph is loaded and what is shown of it: the part of the settings a switch to
// teach mode replaces with the textbook's graph and gives back.
void copy_graph_choice(const BfsSettings& from, BfsSettings& to) {
  to.graph = from.graph;
  to.format = from.format;
  to.coordinates = from.coordinates;
  to.symmetrize = from.symmetrize;
  to.seed = from.seed;
  to.source = from.source;
  to.level = from.level;
}

bool names_graph(const nlohmann::json& params) {
  for (const char* key : {"graph", "format", "coordinates", "symmetrize", "seed"})
    if (params.contains(key)) return true;
  return false;
}

std::vector<std::unique_ptr<Scene>> bfs_modes(const std::shared_ptr<BfsSettings>& settings) {
  std::vector<std::unique_ptr<Scene>> modes;
  modes.push_back(std::make_unique<BfsGraphScene>(settings));
  modes.push_back(std::make_unique<BfsTeachScene>(settings));
  return modes;
}

}  // namespace

BfsScene::BfsScene() : BfsScene(std::make_shared<BfsSettings>()) {}

BfsScene::BfsScene(std::shared_ptr<BfsSettings> settings)
    : ModeSwitch(kBfsSceneId, TR_NOOP("BFS (frontiers on real graphs)"), bfs_modes(settings)),
      settings_(std::move(settings)) {
  if (auto* teach = dynamic_cast<BfsTeachScene*>(find_mode("teach"))) teach->set_edit_target(this);
}

std::string BfsScene::infer_mode(const nlohmann::json& params) const {
  if (!params.is_object() || mode() != "teach" || !params.contains("graph")) return "";
  // Teach mode draws every vertex's cells: a bigger graph is shown in the graph mode.
  try {
    BfsSettings s = *settings_;
    s.graph = params["graph"].is_string() ? params["graph"].get<std::string>() : "";
    if (params.contains("seed"))
      s.seed = std::stoull(params["seed"].is_string() ? params["seed"].get<std::string>()
                                                      : params["seed"].dump());
    const int64_t vertices = load_bfs_graph(s).vertices;
    if (vertices > bfs::kTeachMaxVertices) {
      inferred_vertices_ = vertices;
      return "graph";
    }
  } catch (const std::exception&) {
    // The mode that reads the graph reports the problem.
  }
  return "";
}

void BfsScene::on_switch(Scene& /*from*/, Scene& to) {
  BfsSettings& s = *settings_;
  const std::string mode = to.id();
  if (mode == "teach") {
    stashed_valid_ = false;
    if (graph_given_ || graph_key(s) != graph_key(BfsSettings{})) return;
    stashed_ = s;
    s.graph = "gen:pmpp";  // the textbook's 9-vertex example (PMPP ch. 15), from vertex 0
    s.format = "auto";
    s.coordinates.clear();
    s.symmetrize = false;
    s.source = 0;
    s.level = -1;
    replaced_key_ = graph_key(s);
    stashed_valid_ = true;
    return;
  }
  if (stashed_valid_ && !graph_given_ && graph_key(s) == replaced_key_)
    copy_graph_choice(stashed_, s);
  stashed_valid_ = false;
}

void BfsScene::params_from_json(const nlohmann::json& params) {
  const BfsSettings before = *settings_, stashed = stashed_;
  const std::string replaced = replaced_key_, mode_before = mode();
  const bool valid = stashed_valid_;
  graph_given_ = params.is_object() && names_graph(params);
  inferred_vertices_ = 0;
  try {
    ModeSwitch::params_from_json(params);
  } catch (...) {
    *settings_ = before;
    stashed_ = stashed;
    replaced_key_ = replaced;
    stashed_valid_ = valid;
    graph_given_ = false;
    throw;
  }
  graph_given_ = false;
  notice_.clear();
  if (mode_before == "teach" && mode() == "graph" && !params.contains("mode") &&
      inferred_vertices_ > 0) {
    notice_label_ = settings_->graph_label();
    notice_vertices_ = inferred_vertices_;
    notice_ = "switched to graph mode: " + notice_label_ + " has " +
              std::to_string(notice_vertices_) + " vertices, teach mode takes up to " +
              std::to_string(bfs::kTeachMaxVertices);
    notice_params_ = bfs_params_json(*settings_);
  }
}

std::string BfsScene::notice() const {
  if (notice_.empty() || mode() != "graph" || bfs_params_json(*settings_) != notice_params_)
    return "";
  return notice_;
}

std::string BfsScene::shown_notice() const {
  if (notice().empty()) return "";
  return trf("switched to graph mode: {0} has {1} vertices, teach mode takes up to {2}",
             notice_label_, notice_vertices_, bfs::kTeachMaxVertices);
}

void BfsScene::tick(float dt) {
  Scene* graph = find_mode("graph");
  if (graph && graph != &active()) graph->tick(dt);
  ModeSwitch::tick(dt);
}

void BfsScene::ui() {
  error_line(error_);
  const std::vector<std::string> ids = capabilities().modes;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i) ImGui::SameLine();
    const bool on = mode() == ids[i];
    // The mode's name in the current language; the id keeps the button the same widget.
    const char* name = ids[i] == "teach" ? tr("teach") : ids[i] == "graph" ? tr("graph") : "";
    const std::string label = (*name ? name : ids[i].c_str()) + std::string("###mode-") + ids[i];
    if (ImGui::RadioButton(label.c_str(), on) && !on) apply_edit(*this, {{"mode", ids[i]}}, error_);
  }
  if (const std::string n = shown_notice(); !n.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.45f, 0.1f, 1));
    ImGui::TextWrapped("%s", n.c_str());
    ImGui::PopStyleColor();
  }
  active().ui();
}

}  // namespace ws::app
