// The BFS scene's teach mode: one traced search on a small graph (up to bfs::kTeachMaxVertices
// vertices; the textbook's 9-vertex example by default), step by step inside each level: the
// CSR (CSC, COO) arrays and the level / parent arrays as cells with the threads that read and
// wrote them, the frontier queues and the atomics on their tails in the order they serialize, the
// graph drawn with the frontier, visited and unvisited vertices and the edges this step examines,
// and per warp the busy and idle lanes (the load imbalance that degree variation causes). A graph
// too large to trace leaves the mode running with a message that names graphs that fit.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bfs/bfs.h"
#include "bfs_settings.h"
#include "bfs_teach_view.h"
#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/step_cursor.h"
#include "scene_kit/teach_pipeline.h"
#include "scene_kit/scene.h"
#include "views/cell_rows.h"

namespace ws::app {

class BfsTeachScene : public Scene {
 public:
  explicit BfsTeachScene(std::shared_ptr<BfsSettings> settings);
  const char* id() const override { return "teach"; }
  const char* title() const override { return TR_NOOP("teach one search"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override;
  int current_step() const override { return cursor_.step(); }
  void seek(int step) override { cursor_.seek(step, step_count()); }
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  nlohmann::json results_json() const override;
  // Lecture mode: the keys 1..7 choose the variants; the caption says what the step does and why
  // for the variant (bfs_captions.h).
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;

  // The run shown (null before attach, for a graph too large to trace, or after a failed reset).
  const bfs::TeachRun* run() const { return taught_ ? &taught_->run : nullptr; }
  // The graph traced (null when none is loaded or it is too large).
  const graph::Graph* graph() const { return graph_ ? &*graph_ : nullptr; }
  // Why nothing is traced ("" while a run is shown): a graph too large for teach mode, a source
  // outside it, a file that did not load.
  const std::string& message() const { return message_; }
  // The same in the current language (the panel and the figure; message() stays English for the
  // run document and the tests).
  std::string shown_message() const;

  // What the code panel shows: the variant's section of kernels/bfs/bfs_teach.cu and the step's
  // marker.
  KernelSource kernel_source() const;
  // What the last draw() laid out (cells, vertices, boxes), for tests of the hover texts.
  const TeachHover& hover() const { return hover_; }
  // Shows `run` of `g` (what reset() does after bfs::teach); tests hand in traces of their own.
  void show(graph::Graph g, bfs::TeachRun run);
  // (Added) The scene the panel's edits go to (the BFS scene, so a graph too large for teach mode
  // switches to graph mode with a notice); null: this mode itself.
  void set_edit_target(Scene* scene) { edit_target_ = scene; }

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  bfs::TeachParams teach_params() const;
  std::shared_ptr<BfsSettings> settings_;
  SceneContext* context_ = nullptr;
  Scene* edit_target_ = nullptr;
  std::string error_;    // the last edit that was refused (the panel's error line)
  std::string message_;  // why no run is shown
  enum class MessageKind { None, TooLarge, BadSource, Error };
  MessageKind message_kind_ = MessageKind::None;  // what shown_message() says
  // The graph the settings name, loaded once per graph_key (empty when too large for teach mode).
  void load(const BfsSettings& s);
  std::string cache_key_;
  std::optional<graph::Graph> cache_;
  int64_t cache_vertices_ = 0, cache_edges_ = 0;
  // The graph shown, with its run (taught_) and layout (layout_).
  std::optional<graph::Graph> graph_;
  int64_t loaded_vertices_ = 0, loaded_edges_ = 0;  // of the graph named, even when too large
  std::optional<Taught<bfs::TeachRun>> taught_;
  std::vector<int32_t> reference_;  // graph::bfs_reference from the source
  TeachLayout layout_;              // vertex positions in the unit square
  StepCursor cursor_;
  // Hover: what draw() laid out.
  mutable TeachHover hover_;
};

}  // namespace ws::app
