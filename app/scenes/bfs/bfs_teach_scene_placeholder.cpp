// TEMPORARY: see bfs_teach_scene_placeholder.h.
#include "bfs_teach_scene_placeholder.h"

#include <imgui.h>

#include "scene_kit/run_json.h"

namespace ws::app {

SceneCapabilities BfsTeachScene::capabilities() const {
  SceneCapabilities caps;
  caps.takes_graph = true;
  return caps;
}

void BfsTeachScene::params_from_json(const nlohmann::json& params) {
  *settings_ = parse_bfs_params(*settings_, params);
}

void BfsTeachScene::ui() {
  ImGui::TextUnformatted("teach mode: coming");
}

void BfsTeachScene::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  const gfx::Palette& p = gfx::palette(theme);
  canvas.rect_filled({0, 0}, canvas.size(), p.background);
  canvas.text({8, 8}, "BFS teach mode (placeholder)", 16, p.text);
}

nlohmann::json BfsTeachScene::results_json() const {
  RunJson doc;
  doc.scene = kBfsSceneId;
  doc.params = bfs_params_json(*settings_);
  doc.params["mode"] = "teach";
  doc.backend = context_ ? context_->backend : Backend::Cpu;
  doc.summary = "teach mode placeholder";
  return doc.to_json();
}

}  // namespace ws::app
