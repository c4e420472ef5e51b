// The BFS scene (issue 14, PMPP chapter 15): load a graph, click a source, watch the frontier
// spread level by level. Modes over one BfsSettings: graph (any graph at full size: the graph view
// and the per-level chart; the default) and teach (graphs up to 64 vertices: one traced run, the
// CSR arrays and the threads that read and wrote them, step by step inside a level).
#pragma once

#include <memory>

#include "bfs_settings.h"
#include "scene_kit/mode_switch.h"

namespace ws::app {

class BfsScene : public ModeSwitch {
 public:
  BfsScene();
  // As ModeSwitch's, and a change that fails (a file that does not load, a bad value) leaves the
  // settings as they were.
  void params_from_json(const nlohmann::json& params) override;
  void ui() override;

 protected:
  // A graph past teach mode's limits (more than 64 vertices) goes to the graph mode.
  std::string infer_mode(const nlohmann::json& params) const override;

 private:
  explicit BfsScene(std::shared_ptr<BfsSettings> settings);
  std::shared_ptr<BfsSettings> settings_;
  std::string error_;
};

}  // namespace ws::app
