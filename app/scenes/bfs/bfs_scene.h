// The BFS scene (issue 14, PMPP chapter 15): load a graph, click a source, watch the frontier
// spread level by level. Two modes over one BfsSettings: graph (any graph at full size: the graph
// view and the per-level chart; the default; graph/) and teach (graphs up to 64 vertices: one
// traced run, the CSR arrays and the threads that read and wrote them, step by step inside a
// level; teach/). A graph given in teach mode past its vertex limit moves the scene to graph mode.
#pragma once

#include "bfs_settings.h"
#include "scene_kit/modal_scene.h"

namespace ws::app {

class BfsScene : public ModalScene<BfsSettings> {
 public:
  BfsScene();
  // Files opened or dropped on the window: a graph file, in whichever mode is shown (a graph
  // teach mode cannot draw moves the scene to graph mode).
  nlohmann::json params_for_file(const FileInfo& file) const override;
  // The active mode's tick, and the graph mode's drawing learns it is in the window even while
  // teach mode is shown, so a switch to it with a large graph never lays it out on the UI thread.
  void tick(float dt) override;
  // Why the last change moved the scene from teach mode to graph mode by itself ("switched to
  // graph mode: facebook_combined.txt has 4039 vertices, teach mode takes up to 64"), in the
  // current language, until the next change; "" otherwise.
  std::string notice() const override;

 protected:
  void parse(BfsSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const BfsSettings& s, const std::string& mode) const override;
  // Teach mode opens on the textbook's graph: the default graph (karate.mtx as the scene opened
  // on it) gives way to gen:pmpp on the way to teach mode, and comes back on the way to graph
  // mode unless the user chose another graph meanwhile. A graph given with the switch stays.
  void on_switch(BfsSettings& s, const std::string& from, const std::string& to,
                 const ParamReader& keys) const override;
};

}  // namespace ws::app
