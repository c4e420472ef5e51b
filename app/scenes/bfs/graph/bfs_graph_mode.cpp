#include "bfs_graph_mode.h"

#include <algorithm>

#include "bfs_bench.h"
#include "common/error.h"
#include "scenes/bfs/bfs_captions.h"
#include "scenes/bfs/bfs_graph_loader.h"
#include "scenes/bfs/bfs_report.h"

namespace ws::app {

bench::BfsBenchChoice bfs_bench_choice(const BfsSettings& s, bool from_scene) {
  bench::BfsBenchChoice choice;
  choice.load = [seed = s.seed](const std::string& spec) {
    BfsGraphChoice c;
    c.graph = spec;
    c.seed = seed;
    return load_bfs_graph(c);
  };
  for (const ShippedGraph& g : shipped_graphs()) choice.shipped.push_back({g.file, g.short_name});
  if (from_scene) {
    BfsGraphChoice scene = s;
    load_graph_choice(scene);  // read already, unless the scene was never reset
    choice.graph = scene.loaded;
  }
  choice.named = {s.graph, s.graph_label()};
  choice.source = s.source;
  choice.alpha = s.alpha;
  choice.beta = s.beta;
  return choice;
}

BfsGraphMode::BfsGraphMode() {
  fast_.set_repeats(5);  // the scene's own graph: no size control
}

void BfsGraphMode::detach() {
  state_.pane.release();
  state_.run.release();
  LiveMode::detach();
}

void BfsGraphMode::reset() {
  // The settings' graph, read by the first reset when no edit has (the scene's defaults).
  load_graph_choice(settings_to_keep());
  BfsGraphRun& run = state_.run;
  run.graph = settings().loaded;
  run.graph_key = settings().loaded_key;
  run.update(settings(), backend());
  const int last = run.levels() - 1;
  run.shown = settings().level < 0 ? last : std::min<int>(settings().level, last);
  state_.pane.update_overlay(run, settings().source, context() && context()->has_gl);
}

void BfsGraphMode::seek(int step) {
  state_.run.shown = std::clamp(step, 0, step_count() - 1);
  settings_to_keep().level = state_.run.shown;  // the level shown is a parameter (--level)
  state_.pane.update_overlay(state_.run, settings().source, context() && context()->has_gl);
}

void BfsGraphMode::pointer(const Scene::Pointer& p) {
  const int32_t v = state_.pane.pointer(p);
  if (v >= 0 && v != settings().source) edit({{"source", v}});
}

void BfsGraphMode::fill(RunJson& doc) const {
  const BfsGraphRun& run = state_.run;
  WS_REQUIRE(run.graph != nullptr, std::string("run: the scene has no graph"));
  fill_bfs_run(doc, settings(), *run.graph, run.ran ? &run.result : nullptr, run.verify,
               run.matches_reference, run.shown);
}

std::string BfsGraphMode::caption() const {
  const BfsGraphRun& run = state_.run;
  if (!run.ran || !run.graph) return "";
  return bfs_level_caption(settings().variant, run.result, run.shown, run.graph->vertices,
                           settings().alpha, settings().beta);
}

}  // namespace ws::app
