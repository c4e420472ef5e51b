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
  // Files opened or dropped on the window (the scene's *_files.cpp).
  nlohmann::json params_for_file(const FileInfo& file) const override;
  void ui() override;
  // The active mode's tick, and the graph mode learns it is in the window even while teach mode
  // is shown, so a switch to it with a large graph never lays it out on the UI thread.
  void tick(float dt) override;
  // Why the last change moved the scene from teach mode to graph mode by itself ("switched to
  // graph mode: facebook_combined.txt has 4039 vertices, teach mode takes up to 64"), shown
  // above the graph mode's panel until the next change; "" otherwise.
  std::string notice() const;
  // The same in the current language (what the panel shows).
  std::string shown_notice() const;

 protected:
  // A graph past teach mode's limits (more than 64 vertices) goes to the graph mode.
  std::string infer_mode(const nlohmann::json& params) const override;
  // Teach mode opens on the textbook's graph: the default graph (karate.mtx as the scene opened
  // on it) gives way to gen:pmpp on the way to teach mode, and comes back on the way to graph
  // mode unless the user chose another graph meanwhile. A graph given with the switch stays.
  void on_switch(Scene& from, Scene& to) override;

 private:
  explicit BfsScene(std::shared_ptr<BfsSettings> settings);
  std::shared_ptr<BfsSettings> settings_;
  std::string error_;
  bool graph_given_ = false;  // the edit being applied names a graph
  // The graph settings the switch to teach mode replaced, and the key of the graph it put there.
  BfsSettings stashed_;
  std::string replaced_key_;
  bool stashed_valid_ = false;
  // The inferred switch's notice, and the parameters it was shown for.
  std::string notice_;
  std::string notice_label_;  // the graph and its vertex count the notice names
  int64_t notice_vertices_ = 0;
  nlohmann::json notice_params_;
  mutable int64_t inferred_vertices_ = 0;  // of the graph infer_mode loaded
};

}  // namespace ws::app
