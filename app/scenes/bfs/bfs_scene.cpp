#include "bfs_scene.h"

#include <imgui.h>

#include "bfs_graph_loader.h"
#include "bfs_graph_scene.h"
#include "bfs_teach_scene.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

std::vector<std::unique_ptr<Scene>> bfs_modes(const std::shared_ptr<BfsSettings>& settings) {
  std::vector<std::unique_ptr<Scene>> modes;
  modes.push_back(std::make_unique<BfsGraphScene>(settings));
  modes.push_back(std::make_unique<BfsTeachScene>(settings));
  return modes;
}

}  // namespace

BfsScene::BfsScene() : BfsScene(std::make_shared<BfsSettings>()) {}

BfsScene::BfsScene(std::shared_ptr<BfsSettings> settings)
    : ModeSwitch(kBfsSceneId, "BFS (frontiers on real graphs)", bfs_modes(settings)),
      settings_(std::move(settings)) {}

std::string BfsScene::infer_mode(const nlohmann::json& params) const {
  if (!params.is_object() || mode() != "teach" || !params.contains("graph")) return "";
  // Teach mode draws every vertex's cells: a bigger graph is shown in the graph mode.
  try {
    BfsSettings s = *settings_;
    s.graph = params["graph"].is_string() ? params["graph"].get<std::string>() : "";
    if (params.contains("seed"))
      s.seed = std::stoull(params["seed"].is_string() ? params["seed"].get<std::string>()
                                                      : params["seed"].dump());
    if (load_bfs_graph(s).vertices > bfs::kTeachMaxVertices) return "graph";
  } catch (const std::exception&) {
    // The mode that reads the graph reports the problem.
  }
  return "";
}

void BfsScene::params_from_json(const nlohmann::json& params) {
  const BfsSettings before = *settings_;
  try {
    ModeSwitch::params_from_json(params);
  } catch (...) {
    *settings_ = before;
    throw;
  }
}

void BfsScene::ui() {
  error_line(error_);
  const std::vector<std::string> ids = capabilities().modes;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i) ImGui::SameLine();
    const bool on = mode() == ids[i];
    if (ImGui::RadioButton(ids[i].c_str(), on) && !on)
      apply_edit(*this, {{"mode", ids[i]}}, error_);
  }
  active().ui();
}

}  // namespace ws::app
