// TEMPORARY: stands in for the teach-scene helper's BfsTeachScene (bfs_teach_scene.h) until its
// branch lands; deleted then.
#pragma once

#include <memory>

#include "bfs_settings.h"
#include "scenes/scene.h"

namespace ws::app {

class BfsTeachScene : public Scene {
 public:
  explicit BfsTeachScene(std::shared_ptr<BfsSettings> settings) : settings_(std::move(settings)) {}
  const char* id() const override { return "teach"; }
  const char* title() const override { return "teach: one traced run (up to 64 vertices)"; }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override { context_ = &context; }
  void detach() override { context_ = nullptr; }
  nlohmann::json params_to_json() const override { return bfs_params_json(*settings_); }
  void params_from_json(const nlohmann::json& params) override;
  void reset() override {}
  int step_count() const override { return 1; }
  int current_step() const override { return 0; }
  void seek(int) override {}
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  nlohmann::json results_json() const override;

 private:
  std::shared_ptr<BfsSettings> settings_;
  SceneContext* context_ = nullptr;
};

}  // namespace ws::app
