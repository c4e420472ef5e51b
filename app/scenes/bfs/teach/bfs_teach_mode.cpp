#include "bfs_teach_mode.h"

#include "i18n/i18n.h"
#include "scenes/bfs/bfs_captions.h"
#include "scenes/bfs/bfs_graph_loader.h"
#include "scenes/bfs/bfs_report.h"

namespace ws::app {

namespace {

bool fits_teach_mode(int64_t vertices, int64_t edges) {
  return vertices <= bfs::kTeachMaxVertices && edges <= bfs::kTeachMaxEdges;
}

std::string too_large_message(const std::string& label, int64_t vertices, int64_t edges) {
  return label + " has " + std::to_string(vertices) + " vertices and " + std::to_string(edges) +
         " edges: teach mode traces graphs of up to " + std::to_string(bfs::kTeachMaxVertices) +
         " vertices and " + std::to_string(bfs::kTeachMaxEdges) +
         " edges. Pick a smaller graph: gen:pmpp (the textbook's 9 vertices), karate.mtx (34 "
         "vertices), gen:tree:4, gen:grid:6x6 or gen:er:40:3; or show this one in graph mode "
         "(--mode graph).";
}

std::string shown_too_large_message(const std::string& label, int64_t vertices, int64_t edges) {
  return trf(
      "{0} has {1} vertices and {2} edges: teach mode traces graphs of up to {3} vertices and {4} "
      "edges. Pick a smaller graph: gen:pmpp (the textbook's 9 vertices), karate.mtx (34 "
      "vertices), gen:tree:4, gen:grid:6x6 or gen:er:40:3; or show this one in graph mode "
      "(--mode graph).",
      label, vertices, edges, bfs::kTeachMaxVertices, bfs::kTeachMaxEdges);
}

}  // namespace

std::string BfsTeachMode::shown_message() const {
  const BfsTeachState& t = state_;
  switch (t.why) {
    case BfsTeachState::Why::TooLarge:
      return shown_too_large_message(settings().graph_label(), t.vertices, t.edges);
    case BfsTeachState::Why::BadSource:
      return trf("source {0} is not a vertex of {1} (0..{2}): pick another source",
                 settings().source, settings().graph_label(), t.vertices - 1);
    default:
      return t.message;
  }
}

void BfsTeachMode::prepare() {
  BfsTeachState& t = state_;
  t.message.clear();
  t.why = BfsTeachState::Why::None;
  t.graph.reset();
  // The settings' graph, read by the first reset when no edit has (the scene's defaults).
  if (!t.handed) load_graph_choice(settings_to_keep());
  std::shared_ptr<const graph::Graph> g =
      t.handed ? std::make_shared<const graph::Graph>(t.handed->first) : settings().loaded;
  const int32_t source = t.handed ? t.handed->second.params.source : settings().source;
  t.vertices = g->vertices;
  t.edges = g->edges();
  if (!fits_teach_mode(t.vertices, t.edges)) {
    t.message = too_large_message(settings().graph_label(), t.vertices, t.edges);
    t.why = BfsTeachState::Why::TooLarge;
    return;
  }
  if (source < 0 || source >= g->vertices) {
    t.message = "source " + std::to_string(source) + " is not a vertex of " +
                settings().graph_label() + " (0.." + std::to_string(g->vertices - 1) +
                "): pick another source";
    t.why = BfsTeachState::Why::BadSource;
    return;
  }
  t.reference = graph::bfs_reference(*g, source);
  t.layout = layered_layout(*g, t.reference);
  t.graph = std::move(g);
}

bfs::TeachRun BfsTeachMode::run(Backend backend, int /*which*/) const {
  if (state_.handed) return state_.handed->second;
  const BfsSettings& s = settings();
  return bfs::teach(search_params<bfs::TeachParams>(s, s.teach_block_dim), *state_.graph, backend);
}

void BfsTeachMode::show(graph::Graph g, bfs::TeachRun run) {
  state_.handed = std::make_pair(std::move(g), std::move(run));
  reset();
}

void BfsTeachMode::fill(RunJson& doc) const {
  const BfsTeachState& t = state_;
  const Taught<bfs::TeachRun>* taught = this->taught();
  if (!taught || !t.graph) {
    // No run: the graph is too large for teach mode (or the source is not in it).
    doc.input = {{"graph", settings().graph_label()},
                 {"vertices", t.vertices},
                 {"edges", t.edges},
                 {"source", settings().source}};
    doc.summary = "bfs teach mode: " + t.message;
    doc.extra["message"] = t.message;
    return;
  }
  const bfs::TeachRun& run = taught->run;
  const graph::Graph& g = *t.graph;
  const int32_t depth = size_t(step()) < run.step_depth.size() ? run.step_depth[size_t(step())] : 0;
  fill_bfs_run(doc, settings(), g, &run.result,
               bfs::verify(g, run.params.source, run.result.level, run.result.parent),
               run.result.level == t.reference, depth);
  doc.extra["launch"] = {{"block", run.params.block_dim}, {"warp", run.trace.warp_size}};
  doc.extra["step_depth"] = run.step_depth;
  doc.summary = "teach: " + doc.summary + ", " + std::to_string(run.trace.steps.size()) + " steps";
}

void BfsTeachMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  TeachFigure f;
  f.taught = taught();
  f.state = &state_;
  f.label = settings().graph_label();
  f.message = state_.message.empty() ? "" : shown_message();
  f.step = step();
  f.backend = backend();
  draw_teach_figure(canvas, theme, f, hover());
}

std::string BfsTeachMode::caption() const {
  const Taught<bfs::TeachRun>* t = taught();
  if (!t || !state_.graph) return shown_message();
  return bfs_teach_caption(t->run, t->traced, *state_.graph, step());
}

}  // namespace ws::app
