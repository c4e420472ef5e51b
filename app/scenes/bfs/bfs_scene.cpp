// The BFS scene's table of modes and its one parser of parameters, for the command line (every
// value a string), sessions, files and the panels of both modes. The graph is loaded here, once
// per edit that names another, so a file that does not read, or a source past the graph's
// vertices, is refused before anything changes.
#include "bfs_scene.h"

#include "common/variant_table.h"
#include "bfs_graph_loader.h"
#include "common/error.h"
#include "graph/bfs_graph_mode.h"
#include "teach/bfs_teach_mode.h"

namespace ws::app {

namespace {

SceneCapabilities mode_capabilities(bool full_size) {
  // Graph mode: a benchmark, and --level chooses the step shown.
  return SceneCapabilities().with_graph().with_bench(full_size).with_step_from_params(full_size);
}

// Teach mode draws every vertex's cells: a graph given to it (without --mode) with more vertices
// than it traces is shown in graph mode instead.
std::vector<ModeLimit<BfsSettings>> teach_limits() {
  ModeLimit<BfsSettings> vertices;
  vertices.key = "graph";
  vertices.value = [](const BfsSettings& s) -> std::optional<int64_t> {
    if (!s.graph_without_mode || !s.loaded) return std::nullopt;
    return s.loaded->vertices;
  };
  vertices.max = bfs::kTeachMaxVertices;
  vertices.message = "--graph: {0} vertices; teach mode takes up to " +
                     std::to_string(bfs::kTeachMaxVertices) + " (graph mode shows it)";
  vertices.moves_to = "graph";
  return {vertices};
}

// The keys that say which graph: an edit with any of them chose its graph.
bool names_graph(const ParamReader& keys) {
  for (const char* key : {"graph", "format", "coordinates", "symmetrize", "seed"})
    if (keys.has(key)) return true;
  return false;
}

void require_source_in_graph(const BfsSettings& s) {
  const int64_t n = s.loaded->vertices;
  WS_REQUIRE(s.source >= 0 && s.source < n, "--source " + std::to_string(s.source) + ": " +
                                                s.graph_label() + " has " + std::to_string(n) +
                                                " vertices (0.." + std::to_string(n - 1) + ")");
}

// Lecture mode's keys 1..7, in both modes: every variant, in order.
std::vector<std::string> every_variant(const BfsSettings& /*s*/) {
  return ws::variant_ids(bfs::variant_infos());
}

// Graph mode's code panel: the full-size kernel of the variant (no step within it is shown).
KernelSource graph_code(const BfsSettings& s, const std::string& /*marker*/) {
  const bfs::VariantInfo& vi = bfs::info(s.variant);
  return {std::string("kernels/bfs/") + vi.source, vi.id, "", ""};
}

// Teach mode's code panel: the traced kernel of the variant, the step's statement highlighted.
KernelSource teach_code(const BfsSettings& s, const std::string& marker) {
  KernelSource src{"kernels/bfs/bfs_teach.cu", bfs::info(s.variant).id, marker, ""};
  if (s.variant == bfs::Variant::Fast)
    src.note =
        tr("Teach mode traces the paths of the fast variant's kernels, at teaching size: on "
           "sparse graphs the small top-down levels in one thread-block cluster first "
           "(bfs_fast_cluster.cu: 4 blocks here, 16 there), then top-down a thread per vertex "
           "or tiles of frontier edges, bottom-up its list and chunks of 4 in-edges. The "
           "full-size kernels are in kernels/bfs/bfs_fast.cu and bfs_fast_cluster.cu.");
  return src;
}

}  // namespace

BfsScene::BfsScene() : ModalScene(kBfsSceneId, TR_NOOP("BFS (frontiers on real graphs)")) {
  add_mode({"graph",
            TR_NOOP("graph"),
            std::make_unique<BfsGraphMode>(),
            mode_capabilities(true),
            {},
            every_variant,
            graph_code});
  add_mode({"teach", TR_NOOP("teach"), std::make_unique<BfsTeachMode>(), mode_capabilities(false),
            teach_limits(), every_variant, teach_code});
  // The graph mode's benchmark (the teach mode has none): the scene's graph already loaded.
  set_bench([this](const BenchRequest& r, const std::string&) {
    return bench::bfs_bench_job(r, bfs_bench_choice(settings(), r.from_scene));
  });
}

void BfsScene::parse(BfsSettings& s, ParamReader& keys, std::string& mode) const {
  if (const auto graph = keys.text("graph")) {
    WS_REQUIRE(!graph->empty(),
               std::string("--graph: no graph given; name a shipped graph (karate.mtx, "
                           "minnesota_edges.txt, bcspwr10.mtx, 4elt.graph, "
                           "facebook_combined.txt), a file path, or gen:SPEC (e.g. gen:pmpp, "
                           "gen:kron:16:16, gen:grid:64x64)"));
    // A new graph starts from its own first vertex and shows its last level, and a coordinates
    // file named for the old graph does not carry over (unless the edit names them: read below).
    if (*graph != s.graph) {
      s.source = 0;
      s.level = -1;
      s.coordinates.clear();
    }
    s.graph = *graph;
  }
  if (const auto format = keys.text("format")) {
    graph::Format f;
    WS_REQUIRE(graph::parse_format(*format, f),
               "--format: expected auto, matrix-market, snap, edge-list, metis or dimacs, got '" +
                   *format + "'");
    s.format = *format;
  }
  if (const auto coordinates = keys.text("coordinates")) s.coordinates = *coordinates;
  if (const auto symmetrize = keys.flag("symmetrize")) s.symmetrize = *symmetrize;
  if (const auto seed = keys.integer("seed", 0, INT64_MAX)) s.seed = static_cast<uint64_t>(*seed);
  if (const auto source = keys.integer("source", 0, graph::kMaxVertices - 1)) {
    s.source = static_cast<int32_t>(*source);
    s.level = -1;  // a new source shows its last level, unless the edit names one
  }
  if (const auto v = keys.text("variant"))
    WS_REQUIRE(bfs::parse_variant(*v, s.variant), "--variant: expected 1-7 or one of " +
                                                      variant_id_list(bfs::variant_infos()) +
                                                      ", got '" + *v + "'");
  if (const auto alpha = keys.number("alpha", 0, 1e9)) {
    WS_REQUIRE(*alpha > 0, std::string("--alpha must be greater than 0 (Beamer's default: 15; "
                                       "bottom-up when m_f > m_u / alpha)"));
    s.alpha = *alpha;
  }
  if (const auto beta = keys.number("beta", 0, 1e9)) {
    WS_REQUIRE(*beta > 0, std::string("--beta must be greater than 0 (Beamer's default: 18; "
                                      "back to top-down when n_f < n / beta)"));
    s.beta = *beta;
  }
  if (const auto block = keys.integer("block", 32, 1024)) {
    WS_REQUIRE(*block % 32 == 0,
               "--block: expected a multiple of 32 (whole warps), 32..1024, got " +
                   std::to_string(*block));
    s.block_dim = static_cast<int>(*block);
  }
  if (const auto block = keys.integer("teach_block", 32, 128)) {
    WS_REQUIRE(*block % 32 == 0,
               "--teach_block: expected 32, 64, 96 or 128, got " + std::to_string(*block));
    s.teach_block_dim = static_cast<int>(*block);
  }
  if (const auto level = keys.integer("level", -1, INT32_MAX))
    s.level = static_cast<int32_t>(*level);
  if (const auto iterations = keys.integer("layout_iterations", 0, 100000))
    s.layout.iterations = static_cast<int>(*iterations);
  if (const auto seed = keys.integer("layout_seed", 0, INT64_MAX))
    s.layout.seed = static_cast<uint64_t>(*seed);
  if (const auto lin_log = keys.flag("lin_log")) s.layout.lin_log = *lin_log;
  if (const auto view = keys.text("view")) {
    WS_REQUIRE(*view == "both" || *view == "graph" || *view == "chart",
               "--view: expected both (the graph above the per-level chart), graph or chart, "
               "got '" +
                   *view + "'");
    s.view = *view;
  }
  if (const auto log_scale = keys.flag("log_scale")) s.log_scale = *log_scale;
  s.graph_without_mode = keys.has("graph") && !keys.has("mode");
  // A mistyped key is refused before a graph is read.
  keys.finish();
  if (load_graph_choice(s) && !keys.has("source")) s.source = default_source(*s.loaded);
  // On a switch the graph may change again: on_switch checks the source then.
  if (mode == ModeTable::mode()) require_source_in_graph(s);
}

nlohmann::json BfsScene::to_json(const BfsSettings& s, const std::string& /*mode*/) const {
  return {{"graph", s.graph},
          {"format", s.format},
          {"coordinates", s.coordinates},
          {"symmetrize", s.symmetrize},
          {"seed", s.seed},
          {"source", s.source},
          {"variant", bfs::info(s.variant).id},
          {"alpha", s.alpha},
          {"beta", s.beta},
          {"block", s.block_dim},
          {"teach_block", s.teach_block_dim},
          {"level", s.level},
          {"layout_iterations", s.layout.iterations},
          {"layout_seed", s.layout.seed},
          {"lin_log", s.layout.lin_log},
          {"view", s.view},
          {"log_scale", s.log_scale}};
}

void BfsScene::on_switch(BfsSettings& s, const std::string& /*from*/, const std::string& to,
                         const ParamReader& keys) const {
  BfsGraphChoice& choice = s;
  const bool graph_given = names_graph(keys);
  if (to == "teach") {
    s.stashed.reset();
    if (!graph_given && graph_key(s) == graph_key(BfsGraphChoice{})) {
      // The textbook's 9-vertex example (PMPP ch. 15), from vertex 0 unless the edit says.
      BfsGraphChoice textbook;
      textbook.graph = "gen:pmpp";
      textbook.seed = s.seed;
      if (keys.has("source")) textbook.source = s.source;
      if (keys.has("level")) textbook.level = s.level;
      load_graph_choice(textbook);
      s.stashed = choice;
      choice = std::move(textbook);
      s.replaced_key = graph_key(s);
    }
  } else {
    if (s.stashed && !graph_given && graph_key(s) == s.replaced_key) {
      // The choice comes back, with the source or level the edit gives.
      const int32_t source = s.source, level = s.level;
      choice = *s.stashed;
      if (keys.has("source")) {
        s.source = source;
        s.level = -1;
      }
      if (keys.has("level")) s.level = level;
    }
    s.stashed.reset();
  }
  require_source_in_graph(s);
}

std::string BfsScene::notice() const {
  const Move* move = last_move();
  if (!move) return "";
  return trf("switched to graph mode: {0} has {1} vertices, teach mode takes up to {2}",
             settings().graph_label(), move->value, bfs::kTeachMaxVertices);
}

void BfsScene::tick(float dt) {
  if (auto* graph = find_mode<BfsGraphMode>("graph")) graph->state().pane.ticked();
  ModeTable::tick(dt);
}

nlohmann::json BfsScene::params_for_file(const FileInfo& file) const {
  // Read with the format found from its extension and content, without the previous graph's
  // coordinates file or symmetrize switch.
  if (file.kind != FileKind::Graph) return nullptr;
  return {{"graph", file.path}, {"format", "auto"}, {"coordinates", ""}, {"symmetrize", false}};
}

}  // namespace ws::app
