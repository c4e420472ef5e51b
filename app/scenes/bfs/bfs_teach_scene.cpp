#include "bfs_teach_scene.h"

#include <imgui.h>

#include "common/error.h"
#include "bfs_captions.h"
#include "bfs_graph_loader.h"
#include "bfs_report.h"
#include "bfs_strings.h"
#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/run_json.h"

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

BfsTeachScene::BfsTeachScene(std::shared_ptr<BfsSettings> settings)
    : settings_(std::move(settings)) {}

SceneCapabilities BfsTeachScene::capabilities() const {
  SceneCapabilities c;
  c.steps = true;
  c.takes_graph = true;
  return c;
}

void BfsTeachScene::attach(SceneContext& context) {
  context_ = &context;
  try {
    reset();
  } catch (const std::exception& e) {
    message_ = e.what();  // the panel shows it; a new graph or source clears it
    message_kind_ = MessageKind::Error;
  }
}

std::string BfsTeachScene::shown_message() const {
  switch (message_kind_) {
    case MessageKind::TooLarge:
      return shown_too_large_message(settings_->graph_label(), loaded_vertices_, loaded_edges_);
    case MessageKind::BadSource:
      return cache_ ? trf("source {0} is not a vertex of {1} (0..{2}): pick another source",
                          settings_->source, settings_->graph_label(), cache_->vertices - 1)
                    : message_;
    default:
      return message_;  // an error from the loader (ws::Error text) or none
  }
}

void BfsTeachScene::detach() {
  taught_.reset();
  context_ = nullptr;
}

nlohmann::json BfsTeachScene::params_to_json() const {
  return bfs_params_json(*settings_);
}

void BfsTeachScene::load(const BfsSettings& s) {
  const std::string key = graph_key(s);
  if (key == cache_key_) return;
  graph::Graph g = load_bfs_graph(s);  // throws, leaving the cache as it was
  cache_key_ = key;
  cache_vertices_ = g.vertices;
  cache_edges_ = g.edges();
  if (fits_teach_mode(g.vertices, g.edges()))
    cache_ = std::move(g);
  else
    cache_.reset();
}

void BfsTeachScene::params_from_json(const nlohmann::json& params) {
  BfsSettings s = parse_bfs_params(*settings_, params);
  // A graph that does not load is refused here, before anything changes; one too large for
  // teach mode is taken (graph mode shares the settings) and reset() says so. The run shown
  // stays until reset().
  load(s);
  if (cache_ && s.source >= cache_->vertices)
    throw Error("--source " + std::to_string(s.source) + ": " + s.graph_label() + " has " +
                std::to_string(cache_->vertices) + " vertices (0.." +
                std::to_string(cache_->vertices - 1) + ")");
  *settings_ = std::move(s);
}

bfs::TeachParams BfsTeachScene::teach_params() const {
  bfs::TeachParams p;
  p.variant = settings_->variant;
  p.source = settings_->source;
  p.alpha = settings_->alpha;
  p.beta = settings_->beta;
  p.block_dim = settings_->teach_block_dim;
  return p;
}

void BfsTeachScene::reset() {
  message_.clear();
  message_kind_ = MessageKind::None;
  taught_.reset();
  graph_.reset();
  load(*settings_);
  loaded_vertices_ = cache_vertices_;
  loaded_edges_ = cache_edges_;
  if (!cache_) {
    message_ = too_large_message(settings_->graph_label(), loaded_vertices_, loaded_edges_);
    message_kind_ = MessageKind::TooLarge;
    cursor_.rewind();
    return;
  }
  if (settings_->source < 0 || settings_->source >= cache_->vertices) {
    message_ = "source " + std::to_string(settings_->source) + " is not a vertex of " +
               settings_->graph_label() + " (0.." + std::to_string(cache_->vertices - 1) +
               "): pick another source";
    message_kind_ = MessageKind::BadSource;
    cursor_.rewind();
    return;
  }
  const bfs::TeachParams p = teach_params();
  const graph::Graph& g = *cache_;
  auto taught = teach_and_check(backend(), [&](Backend b) { return bfs::teach(p, g, b); });
  // The graph, its run and its layout change together: draw() never sees one without the other.
  reference_ = graph::bfs_reference(g, p.source);
  layout_ = layered_layout(g, reference_);
  graph_ = g;
  taught_ = std::move(taught);
  seek(cursor_.step());
}

void BfsTeachScene::show(graph::Graph g, bfs::TeachRun run) {
  message_.clear();
  message_kind_ = MessageKind::None;
  reference_ = graph::bfs_reference(g, run.params.source);
  layout_ = layered_layout(g, reference_);
  loaded_vertices_ = g.vertices;
  loaded_edges_ = g.edges();
  graph_ = std::move(g);
  Taught<bfs::TeachRun> t{std::move(run), {}};
  t.traced = analyse_trace(Backend::Cpu, t.run.trace, {});
  taught_ = std::move(t);
  seek(cursor_.step());
}

int BfsTeachScene::step_count() const {
  return step_count_of({taught_ ? &taught_->run.trace : nullptr});
}

nlohmann::json BfsTeachScene::results_json() const {
  if (!taught_ || !graph_) {
    // No run: the graph is too large for teach mode (or the source is not in it).
    RunJson doc;
    doc.scene = kBfsSceneId;
    doc.params = params_to_json();
    doc.params["mode"] = "teach";
    doc.backend = backend();
    doc.input = {{"graph", settings_->graph_label()},
                 {"vertices", loaded_vertices_},
                 {"edges", loaded_edges_},
                 {"source", settings_->source}};
    doc.summary = "bfs teach mode: " + message_;
    doc.extra["message"] = message_;
    return doc.to_json();
  }
  const bfs::TeachRun& run = taught_->run;
  const bool matches = run.result.level == reference_;
  const int32_t depth =
      size_t(cursor_.step()) < run.step_depth.size() ? run.step_depth[size_t(cursor_.step())] : 0;
  RunJson doc =
      bfs_run_json(*settings_, backend(), *graph_, &run.result,
                   bfs::verify(*graph_, run.params.source, run.result.level, run.result.parent),
                   matches, "teach", depth);
  doc.set_trace(run.trace, taught_->traced);
  doc.extra["launch"] = {{"block", run.params.block_dim}, {"warp", run.trace.warp_size}};
  doc.extra["step_depth"] = run.step_depth;
  doc.summary = "teach: " + doc.summary + ", " + std::to_string(run.trace.steps.size()) + " steps";
  return doc.to_json();
}

void BfsTeachScene::ui() {
  error_line(error_);
  nlohmann::json edit = nlohmann::json::object();
  if (ImGui::CollapsingHeader(label_id(tr("Graph"), "graph-header").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    static std::string graph_text, seen;
    if (settings_->graph != seen) graph_text = seen = settings_->graph;
    if (text_field(label_id(tr("graph"), "graph").c_str(),
                   tr("a file, a shipped graph or gen:SPEC; Enter applies"), graph_text))
      edit["graph"] = graph_text;
    ImGui::TextDisabled("%s", tr("small graphs:"));
    for (const char* name : {"gen:pmpp", "karate.mtx", "gen:tree:4", "gen:grid:6x6"}) {
      ImGui::SameLine();
      if (ImGui::SmallButton(name)) edit["graph"] = name;
    }
    if (cache_) {
      int source = settings_->source;
      if (ImGui::SliderInt(label_id(tr("source"), "source").c_str(), &source, 0,
                           cache_->vertices - 1))
        edit["source"] = source;
    }
  }
  if (!message_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.45f, 0.1f, 1));
    ImGui::TextWrapped("%s", shown_message().c_str());
    ImGui::PopStyleColor();
  }
  if (ImGui::CollapsingHeader(label_id(tr("Variant"), "variant-header").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    std::vector<std::string> names;
    int index = 0;
    for (const bfs::VariantInfo& v : bfs::variant_infos()) {
      if (v.variant == settings_->variant) index = static_cast<int>(names.size());
      names.push_back(std::to_string(int(v.variant)) + " " + variant_title_text(v));
    }
    if (combo(label_id(tr("variant"), "variant").c_str(), index, names))
      edit["variant"] = bfs::variant_infos()[size_t(index)].id;
    const bfs::VariantInfo& vi = bfs::info(settings_->variant);
    ImGui::TextWrapped("%s", variant_lesson_text(vi).c_str());
    ImGui::TextDisabled("%s", trf("work {0}", variant_work_text(vi)).c_str());
    int warps = settings_->teach_block_dim / 32;
    if (ImGui::SliderInt(label_id(tr("warps per block"), "warps").c_str(), &warps, 1, 4))
      edit["teach_block"] = warps * 32;
    if (settings_->variant == bfs::Variant::DirectionOptimizing ||
        settings_->variant == bfs::Variant::Fast) {
      float alpha = float(settings_->alpha), beta = float(settings_->beta);
      if (ImGui::SliderFloat(label_id(tr("alpha"), "alpha").c_str(), &alpha, 0.5f, 50.0f, "%.1f"))
        edit["alpha"] = alpha;
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("top-down -> bottom-up when m_f > m_u / alpha (Beamer: 15)"));
      if (ImGui::SliderFloat(label_id(tr("beta"), "beta").c_str(), &beta, 0.5f, 50.0f, "%.1f"))
        edit["beta"] = beta;
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("bottom-up -> top-down when n_f < n / beta (Beamer: 18)"));
    }
  }
  // Through the BFS scene when it is set: the edit may switch modes (this one is detached then).
  apply_edit(edit_target_ ? *edit_target_ : *this, edit, error_);
  if (!taught_ || !context_) return;
  if (ImGui::CollapsingHeader(label_id(tr("This step"), "step-header").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    const bfs::TeachRun& run = taught_->run;
    const int step = cursor_.step();
    const TraceStep& s = run.trace.steps.at(size_t(step));
    const StepFacts f = step_facts(run, taught_->traced.snapshots, step);
    ImGui::TextWrapped(
        "%s", trf("Step {0} of {1}: {2} (level {3}, {4}; step {5} of the level's {6})", step + 1,
                  run.trace.steps.size(), step_label_text(s.label), f.depth,
                  direction_text(f.direction), f.step_in_level + 1, f.level_steps)
                  .c_str());
    twin_check_line(taught_->traced.twin);
    int64_t useful = 0;
    for (const ExaminedEdge& e : f.edges) useful += e.useful;
    counters_table(
        "bfs-teach-counters",
        {variant_id_text(bfs::info(run.params.variant)), &taught_->traced.counters}, nullptr, step,
        {{tr("edges examined, this step"), std::to_string(f.edges.size()), ""},
         {tr("edges that discovered a vertex"), std::to_string(useful), ""},
         {tr("edges examined, level so far"), std::to_string(f.level_edges), ""},
         {tr("atomics on the tail, this step"), std::to_string(f.atomics.size()), ""},
         {tr("atomics on the tail, level so far"), std::to_string(f.level_atomics), ""},
         {tr("busy lane-steps / launched, level so far"),
          std::to_string(f.level_lanes_busy) + " / " + std::to_string(f.level_lanes), ""}});
  }
}

KernelSource BfsTeachScene::kernel_source() const {
  KernelSource src;
  src.file = "kernels/bfs/bfs_teach.cu";
  src.section = bfs::info(settings_->variant).id;
  if (taught_ && cursor_.step() < static_cast<int>(taught_->run.trace.steps.size()))
    src.marker = taught_->run.trace.steps[size_t(cursor_.step())].code_marker;
  if (settings_->variant == bfs::Variant::Fast)
    src.note =
        tr("Teach mode traces the fast variant's model: direction-opt's levels, a warp per "
           "frontier vertex top-down. The full-size kernels are in kernels/bfs/bfs_fast.cu.");
  return src;
}

void BfsTeachScene::code_ui() {
  kernel_source_panel(kernel_source());
}

std::string BfsTeachScene::describe_at(gfx::Vec2 point) const {
  if (!taught_) return "";
  return hover_.describe(point);
}

std::vector<std::string> BfsTeachScene::lecture_variants() const {
  return bfs_lecture_variants();
}

std::string BfsTeachScene::caption() const {
  if (!taught_ || !graph_) return shown_message();
  return bfs_teach_caption(taught_->run, taught_->traced, *graph_, cursor_.step());
}

}  // namespace ws::app
