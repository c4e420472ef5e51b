// The BFS scene's teach mode; what it keeps and its figure's parts are in bfs_teach_view.h.
#pragma once

#include "bfs_teach_view.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {
class BfsTeachMode : public TracedMode<BfsSettings, bfs::TeachRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  void fill(RunJson& doc) const override;
  const bfs::TeachRun* shown_run() const { return taught() ? &taught()->run : nullptr; }
  const BfsTeachState& state() const { return state_; }  // the graph traced, or why none
  std::string shown_message() const;                     // state().message in the current language
  void show(graph::Graph g, bfs::TeachRun run);  // a trace of the tests' own, as reset() would

 protected:
  void prepare() override;
  bfs::TeachRun run(Backend backend, int which) const override;
  int runs_shown() const override { return state_.graph ? 1 : 0; }

 private:
  BfsTeachState state_;
};
}  // namespace ws::app
