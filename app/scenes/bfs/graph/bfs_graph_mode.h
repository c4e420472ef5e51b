// The BFS scene's graph mode; what it keeps (the search, drawing, layout) is in bfs_graph_pane.h.
#pragma once

#include "bfs_graph_pane.h"
#include "scene_kit/live_mode.h"

namespace ws::app {
class BfsGraphMode : public LiveMode<BfsSettings> {
 public:
  BfsGraphMode();
  void detach() override;
  void reset() override;
  int step_count() const override { return state_.run.levels(); }
  int current_step() const override { return state_.run.shown; }
  void seek(int step) override;
  void pointer(const Scene::Pointer& p) override;
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  void fill(RunJson& doc) const override;
  BfsGraphState& state() const { return state_; }  // the search shown, its drawing and layout

 private:
  mutable BfsGraphState state_;
};
}  // namespace ws::app
