// The BFS scene's teach mode as a user drives it: every variant on the textbook's 9-vertex graph
// and on the karate club, stepped through and drawn at every step, the level cells at the last
// step equal to the plain queue BFS (graph::bfs_reference), the hover texts naming the cell or
// vertex under the pointer, a graph too large for teach mode refused with a message while the
// mode stays usable, and parameter changes re-running the search.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <memory>
#include <string>

#include "bfs/bfs.h"
#include "bfs/bfs_teach_cpu.h"
#include "gl_environment.h"
#include "graph/graph.h"
#include "imgui_frame_test_support.h"
#include "render/figure.h"
#include "render/recording_canvas.h"
#include "scenes/bfs/bfs_scene.h"
#include "scenes/bfs/teach/bfs_teach_mode.h"
#include "scene_kit/code_panel.h"
#include "test_bfs_hover_support.h"
#include "test_paths.h"

namespace ws::app {
namespace {

// The BFS scene in teach mode, and every edit with "mode": "teach" (the mode keeps a graph too
// large for it, which an edit without the mode would show in graph mode instead).
nlohmann::json in_teach(nlohmann::json params) {
  params["mode"] = "teach";
  return params;
}

std::unique_ptr<BfsScene> attached(const nlohmann::json& params) {
  auto scene = std::make_unique<BfsScene>();
  scene->params_from_json(in_teach(params));
  static SceneContext context;  // CPU backend: the same on every machine
  scene->attach(context);
  return scene;
}

BfsTeachMode& teach(const BfsScene& scene) {
  return *scene.find_mode<BfsTeachMode>("teach");
}

std::string svg_of(const Scene& scene, int width = 1280, int height = 720) {
  gfx::FigureOptions options;
  options.width = width;
  options.height = height;
  return gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
}

graph::Graph load(const std::string& name) {
  if (name.rfind("gen:", 0) == 0) return graph::generate(name.substr(4), 1);
  graph::LoadOptions o;
  return graph::load_graph(std::string(WS_TEST_GRAPHS_DIR) + "/" + name, o);
}

// The level array after `step` as integers (-1 unreached).
std::vector<int32_t> level_cells(const BfsScene& scene, int step) {
  const bfs::TeachRun& run = *teach(scene).shown_run();
  const int b = bfs::teach_buffer(run.trace, "level");
  EXPECT_GE(b, 0);
  const auto snapshots = replay_snapshots(run.trace);
  std::vector<int32_t> out;
  for (double v : snapshots.at(size_t(step)).at(size_t(b)))
    out.push_back(std::isnan(v) ? -1 : int32_t(v));
  return out;
}

using bfs_test::hover_spots;
using bfs_test::HoverSpot;
using bfs_test::spot_of;
using bfs_test::spots_starting;

// The hover texts of the last figure drawn at the size svg_of draws.
std::vector<HoverSpot> spots_of(const Scene& scene, int width = 1280, int height = 720) {
  return hover_spots(scene, {float(width), float(height)});
}

// The centre of the cell of array `name`, element `index` in the last draw (the cell whose hover
// names it), or {-1, -1}.
gfx::Vec2 cell_centre(const std::vector<HoverSpot>& spots, const std::string& name, int index) {
  return spot_of(spots, name + "[" + std::to_string(index) + "] = ");
}

TEST(BfsTeachScene, EveryVariantOnThePmppGraphAndKarateStepsDrawsAndEndsAtTheReferenceLevels) {
  for (const std::string graph_name : {"gen:pmpp", "karate.mtx"}) {
    const graph::Graph g = load(graph_name);
    for (const bfs::VariantInfo& vi : bfs::variant_infos()) {
      for (int32_t source : {0, g.vertices - 1}) {
        SCOPED_TRACE(graph_name + " " + vi.id + " from " + std::to_string(source));
        auto scene = attached(
            {{"graph", graph_name}, {"variant", vi.id}, {"source", std::to_string(source)}});
        ASSERT_NE(teach(*scene).shown_run(), nullptr) << teach(*scene).state().message;
        const bfs::TeachRun& run = *teach(*scene).shown_run();
        EXPECT_EQ(scene->step_count(), int(run.trace.steps.size()));
        EXPECT_EQ(run.step_depth.size(), run.trace.steps.size());
        const std::vector<int32_t> reference = graph::bfs_reference(g, source);
        EXPECT_EQ(level_cells(*scene, scene->step_count() - 1), reference);
        const nlohmann::json doc = scene->results_json();
        EXPECT_EQ(doc["matches_reference"], true);
        EXPECT_EQ(doc["verification"]["passed"], true) << doc["verification"].dump();
        EXPECT_EQ(doc["steps"].size(), run.trace.steps.size());
        // Draw every step; the step's level cells never run ahead of the reference (a vertex
        // once labelled keeps its level).
        for (int s = 0; s < scene->step_count(); ++s) {
          scene->seek(s);
          ASSERT_EQ(scene->current_step(), s);
          EXPECT_FALSE(svg_of(*scene).empty());
          const std::vector<int32_t> now = level_cells(*scene, s);
          for (size_t v = 0; v < now.size(); ++v)
            if (now[v] >= 0) {
              EXPECT_EQ(now[v], reference[v]) << "vertex " << v << " step " << s;
            }
        }
      }
    }
  }
}

TEST(BfsTeachScene, QueueTailAtomicsGiveEachDiscoveredVertexItsOwnSlot) {
  for (const std::string graph_name : {"gen:pmpp", "karate.mtx", "gen:tree:4"}) {
    const graph::Graph g = load(graph_name);
    const std::vector<int32_t> reference = graph::bfs_reference(g, 0);
    for (const char* variant : {"global-queue", "block-queue"}) {
      SCOPED_TRACE(graph_name + " " + variant);
      auto scene = attached({{"graph", graph_name}, {"variant", variant}});
      ASSERT_NE(teach(*scene).shown_run(), nullptr) << teach(*scene).state().message;
      const bfs::TeachRun& run = *teach(*scene).shown_run();
      const Snapshots snaps = replay_snapshots(run.trace);
      const int tail = bfs::teach_buffer(run.trace, "tail");
      ASSERT_GE(tail, 0);
      std::map<int32_t, int64_t> reserved;  // depth -> slots reserved on the global tail
      for (int s = 0; s < scene->step_count(); ++s) {
        const StepFacts f = step_facts(run, snaps, s);
        double expected_before = -1;
        for (const TailAtomic& a : f.atomics) {
          if (a.buffer != tail) continue;
          if (expected_before >= 0) {
            EXPECT_EQ(a.before, expected_before) << "step " << s;
          }
          expected_before = a.before + a.amount;
          reserved[f.depth] += int64_t(a.amount);
        }
      }
      for (const auto& [depth, slots] : reserved) {
        int64_t discovered = 0;
        for (int32_t l : reference) discovered += l == depth + 1;
        EXPECT_EQ(slots, discovered) << "level " << depth;
      }
    }
  }
}

TEST(BfsTeachScene, EveryStepHighlightsAStatementOfTheVariantsKernel) {
  for (const bfs::VariantInfo& vi : bfs::variant_infos()) {
    SCOPED_TRACE(vi.id);
    auto scene = attached({{"graph", "gen:pmpp"}, {"variant", vi.id}});
    ASSERT_NE(teach(*scene).shown_run(), nullptr);
    for (int s = 0; s < scene->step_count(); ++s) {
      scene->seek(s);
      const KernelSource src = scene->kernel_source();
      const SourceSection section = load_step_source(src.file, src.section, src.marker);
      ASSERT_FALSE(section.lines.empty()) << "no section " << src.section << " in " << src.file;
      if (!src.marker.empty()) {
        EXPECT_GE(find_marker_line(section, src.marker), 0)
            << "step " << s << " (" << teach(*scene).shown_run()->trace.steps[size_t(s)].label
            << "): marker " << src.marker << " not in " << section.title;
      }
    }
  }
}

TEST(BfsTeachScene, TheFiguresFitSmallAndLargeCanvases) {
  auto scene = attached({{"graph", "karate.mtx"}, {"variant", "edge-centric"}});
  ASSERT_NE(teach(*scene).shown_run(), nullptr);
  for (auto [w, h] : {std::pair{640, 400}, std::pair{1280, 720}, std::pair{1920, 1080}}) {
    scene->seek(1);
    EXPECT_FALSE(svg_of(*scene, w, h).empty());
    gfx::FigureOptions dark;
    dark.width = w;
    dark.height = h;
    dark.theme = gfx::Theme::Dark;
    EXPECT_FALSE(
        gfx::render_figure_svg([&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Dark); }, dark)
            .empty());
    const std::vector<HoverSpot> spots = spots_of(*scene, w, h);
    EXPECT_GE(cell_centre(spots, "level", 0).x, 0);  // the rows are drawn
    // Every row lies inside the canvas: nothing below it answers a hover.
    EXPECT_TRUE(hover_spots(*scene, {0, float(h)}, {float(w), float(2 * h)}).empty());
    EXPECT_EQ(spots_starting(spots, "vertex "), 34);
  }
}

// Variant 7 on a grid: a cluster step has six chains of atomics (each block's count and edges);
// the graph gives up height so that the lane strips under them still show every warp.
TEST(BfsTeachScene, TheLaneStripsShowEveryWarpBesideManyAtomicChains) {
  auto scene = attached({{"graph", "gen:grid:8x8"}, {"variant", "fast"}});
  const bfs::TeachRun& run = *teach(*scene).shown_run();
  int checked = 0;
  size_t most = 0;  // chains on the cluster's counts in one step
  for (int s = 0; s < scene->step_count(); ++s) {
    const TraceStep& step = run.trace.steps[size_t(s)];
    std::set<std::pair<int, int64_t>> words;  // a block's count or edges in the cluster
    for (const TraceEvent& e : step.events)
      if (e.kind == EventKind::Atomic &&
          run.trace.buffers[size_t(e.buffer)].name == "cluster counts")
        words.insert({e.thread / std::max(step.block_dim, 1), e.address});
    scene->seek(s);
    gfx::RecordingCanvas canvas({1280, 720});
    scene->draw(canvas, gfx::Theme::Light);
    std::set<std::string> lanes;
    for (const gfx::TextBox& t : canvas.texts()) {
      EXPECT_EQ(t.text.find("more warp"), std::string::npos) << "step " << s << ": " << t.text;
      if (t.text.size() == 2 && t.text[0] == 'w') lanes.insert(t.text);
    }
    if (words.empty()) continue;  // the cluster's steps: 4 blocks of 8 threads, 4 warps
    EXPECT_EQ(lanes, (std::set<std::string>{"w0", "w1", "w2", "w3"})) << "step " << s;
    ++checked;
    most = std::max(most, words.size());
  }
  EXPECT_GE(checked, 3);
  EXPECT_GE(most, 6u);
}

TEST(BfsTeachScene, HoverNamesTheCellTheVertexAndTheThreads) {
  auto scene = attached({{"graph", "gen:pmpp"}, {"variant", "push"}});
  ASSERT_NE(teach(*scene).shown_run(), nullptr);
  const graph::Graph g = load("gen:pmpp");
  const std::vector<int32_t> reference = graph::bfs_reference(g, 0);
  scene->seek(scene->step_count() - 1);
  (void)svg_of(*scene);
  const std::vector<HoverSpot> spots = spots_of(*scene);
  for (int32_t v = 0; v < g.vertices; ++v) {
    const gfx::Vec2 at = cell_centre(spots, "level", v);
    ASSERT_GE(at.x, 0);
    EXPECT_EQ(scene->describe_at(at).rfind(
                  "level[" + std::to_string(v) + "] = " + std::to_string(reference[size_t(v)]), 0),
              0u)
        << scene->describe_at(at);
    // The vertex in the drawing: its id, level, parent and degree.
    const gfx::Vec2 spot = spot_of(spots, "vertex " + std::to_string(v) + ":");
    ASSERT_GE(spot.x, 0);
    const std::string text = scene->describe_at(spot);
    EXPECT_EQ(
        text.rfind(
            "vertex " + std::to_string(v) + ": level " + std::to_string(reference[size_t(v)]), 0),
        0u)
        << text;
    EXPECT_NE(text.find("out-degree " + std::to_string(g.degree(v))), std::string::npos) << text;
    EXPECT_NE(text.find("parent "), std::string::npos);
  }
  // row_offsets cells name the vertex whose edges start there.
  for (int32_t v = 0; v <= g.vertices; ++v) {
    const std::string text = scene->describe_at(cell_centre(spots, "row_offsets", v));
    EXPECT_EQ(text.rfind("row_offsets[" + std::to_string(v) +
                             "] = " + std::to_string(g.row_offsets[size_t(v)]),
                         0),
              0u)
        << text;
  }
  // At a step that reads edges, a columns cell the step read names the thread that read it.
  const bfs::TeachRun& run = *teach(*scene).shown_run();
  const int columns = bfs::teach_buffer(run.trace, "columns");
  ASSERT_GE(columns, 0);
  for (int s = 0; s < scene->step_count(); ++s) {
    for (const TraceEvent& e : run.trace.steps[size_t(s)].events) {
      if (e.buffer != columns || e.kind != EventKind::Read) continue;
      scene->seek(s);
      (void)svg_of(*scene);
      const std::string text =
          scene->describe_at(cell_centre(spots_of(*scene), "columns", e.address));
      EXPECT_EQ(text.rfind("columns[" + std::to_string(e.address) +
                               "] = " + std::to_string(g.columns[size_t(e.address)]),
                           0),
                0u)
          << text;
      EXPECT_NE(text.find("read by thread " + std::to_string(e.thread)), std::string::npos) << text;
      return;
    }
  }
  ADD_FAILURE() << "no step of push on pmpp reads columns";
}

TEST(BfsTeachScene, HoverNamesTheTailAtomicsAndTheWarps) {
  auto scene = attached({{"graph", "karate.mtx"}, {"variant", "global-queue"}});
  ASSERT_NE(teach(*scene).shown_run(), nullptr);
  const bfs::TeachRun& run = *teach(*scene).shown_run();
  const int tail = bfs::teach_buffer(run.trace, "tail");
  int checked = 0;
  for (int s = 0; s < scene->step_count(); ++s) {
    std::vector<int32_t> atomics;  // threads, in event order
    for (const TraceEvent& e : run.trace.steps[size_t(s)].events)
      if (e.buffer == tail && e.kind == EventKind::Atomic) atomics.push_back(e.thread);
    if (atomics.size() < 2) continue;
    scene->seek(s);
    (void)svg_of(*scene);
    // The boxes of the chain, left to right, name the threads in the order they serialize.
    const std::vector<HoverSpot> spots = spots_of(*scene);
    std::vector<int32_t> named;
    for (const HoverSpot& b : spots) {
      const std::string text = scene->describe_at(b.centre);
      const size_t at = text.find("atomicAdd on tail by thread ");
      if (at == 0) named.push_back(std::stoi(text.substr(28)));
    }
    // (A long chain shows its first atomics and says how many more.)
    ASSERT_GE(named.size(), 2u) << "step " << s;
    EXPECT_EQ(named, std::vector<int32_t>(atomics.begin(), atomics.begin() + named.size()))
        << "step " << s;
    // Every warp of the launch has a strip that says how many of its lanes were busy.
    const std::vector<int32_t> active = active_threads(run.trace.steps[size_t(s)]);
    int strips = 0;
    for (const HoverSpot& b : spots) {
      const std::string text = scene->describe_at(b.centre);
      if (text.rfind("warp ", 0) != 0) continue;
      const int w = std::stoi(text.substr(5));
      int64_t busy = 0;
      for (int32_t t : active) busy += t / 32 == w;
      EXPECT_NE(text.find(": " + std::to_string(busy) + " of "), std::string::npos) << text;
      ++strips;
    }
    EXPECT_GE(strips, 1);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// Queue rows keep the values of earlier levels past their current length: those cells say they
// are stale. Variant 7 on the textbook graph: the frontier holds the level's vertices (from the
// swap step on: the next level's), the last level's list is empty though it still shows the values
// an earlier level copied there, and "next" is empty once copied to the frontier.
TEST(BfsTeachScene, QueueEntriesPastTheQueuesEndAreMarkedStale) {
  auto scene = attached({{"graph", "gen:pmpp"}, {"variant", "fast"}});
  ASSERT_NE(teach(*scene).shown_run(), nullptr);
  const bfs::TeachRun& run = *teach(*scene).shown_run();
  const std::vector<bfs::LevelStats>& levels = run.result.levels;
  const auto snapshots = replay_snapshots(run.trace);
  const auto is_stale = [&](const std::string& name, int index, int64_t length) {
    const std::string text = scene->describe_at(cell_centre(spots_of(*scene), name, index));
    EXPECT_EQ(text.rfind(name + "[" + std::to_string(index) + "] = ", 0), 0u) << text;
    const bool stale = text.find("stale: past the queue's end") != std::string::npos;
    if (stale) {
      EXPECT_NE(text.find("(" + std::to_string(length) + " entries)"), std::string::npos) << text;
    }
    return stale;
  };
  int stale_frontier = 0, fresh_frontier = 0;
  bool swapped = false;  // the level's "next becomes the frontier" step is done
  bool cluster = false;  // the cluster holds the frontier (from its counts to its hand-over)
  for (int s = 0; s < scene->step_count(); ++s) {
    scene->seek(s);
    (void)svg_of(*scene);
    const bfs::LevelStats& now = levels.at(size_t(run.step_depth[size_t(s)]));
    if (s > 0 && run.step_depth[size_t(s)] != run.step_depth[size_t(s) - 1]) swapped = false;
    const std::string& marker = run.trace.steps[size_t(s)].code_marker;
    swapped = swapped || marker == "@bfs-swap";
    cluster = (cluster || marker == "@bfs-cluster-counts") && marker != "@bfs-cluster-handover";
    const int64_t length = swapped ? now.discovered : cluster ? 0 : now.frontier;
    const int frontier = bfs::teach_buffer(run.trace, "frontier");
    const std::vector<double>& cells = snapshots[size_t(s)][size_t(frontier)];
    for (int i = 0; i < int(cells.size()); ++i) {
      if (std::isnan(cells[size_t(i)])) continue;
      const bool stale = is_stale("frontier", i, length);
      EXPECT_EQ(stale, i >= length) << "step " << s << " frontier[" << i << "]";
      (stale ? stale_frontier : fresh_frontier) += 1;
    }
  }
  EXPECT_GT(stale_frontier, 0);
  EXPECT_GT(fresh_frontier, 0);
  // The last level: a bottom-up level with an empty list; every list and next value is stale.
  scene->seek(scene->step_count() - 1);
  (void)svg_of(*scene);
  ASSERT_EQ(levels.back().direction, bfs::Direction::BottomUp);
  ASSERT_EQ(levels.back().threads, 0);
  int stale_list = 0;
  for (const char* name : {"list", "next"}) {
    const int b = bfs::teach_buffer(run.trace, name);
    const std::vector<double>& cells = snapshots.back()[size_t(b)];
    for (int i = 0; i < int(cells.size()); ++i)
      if (!std::isnan(cells[size_t(i)])) {
        EXPECT_TRUE(is_stale(name, i, 0)) << name << "[" << i << "]";
        stale_list += std::string(name) == "list";
      }
  }
  EXPECT_GT(stale_list, 0);
}

// Variant 7's top-down tiles on karate from its hub 33 (top-down with a small alpha): at the step
// that stages level 1's 65 edges (9 tiles), every block's staged entries are drawn, each cell
// naming its block and holding what the trace wrote there (the arrays are packed: one row each,
// not one per block, most of which would be empty).
TEST(BfsTeachScene, FastTileArraysShowEveryBlocksStagedEntries) {
  auto scene =
      attached({{"graph", "karate.mtx"}, {"variant", "fast"}, {"source", "33"}, {"alpha", "0.01"}});
  ASSERT_NE(teach(*scene).shown_run(), nullptr);
  const bfs::TeachRun& run = *teach(*scene).shown_run();
  int stage = -1;
  for (int s = 0; s < scene->step_count() && stage < 0; ++s)
    if (run.step_depth[size_t(s)] == 1 &&
        run.trace.steps[size_t(s)].code_marker == "@bfs-tile-stage")
      stage = s;
  ASSERT_GE(stage, 0);
  scene->seek(stage);
  (void)svg_of(*scene);
  const std::vector<HoverSpot> spots = spots_of(*scene);
  const int tile_start = bfs::teach_buffer(run.trace, "tile start");
  int checked = 0;
  std::set<int> blocks;
  for (const TraceEvent& e : run.trace.steps[size_t(stage)].events) {
    if (e.buffer != tile_start || e.kind != EventKind::Write) continue;
    const int block = e.thread / bfs::kTeachTile;
    const std::string name = "tile start (block " + std::to_string(block) + ")";
    const gfx::Vec2 at = cell_centre(spots, name, int(e.address));
    ASSERT_GE(at.x, 0) << name << "[" << e.address << "]";
    const std::string text = scene->describe_at(at);
    EXPECT_EQ(
        text.rfind(name + "[" + std::to_string(e.address) + "] = " + std::to_string(int(e.value)),
                   0),
        0u)
        << text;
    blocks.insert(block);
    ++checked;
  }
  EXPECT_EQ(blocks.size(), 9u);
  EXPECT_GT(checked, 9);
  // One row for all of them (a row per block would take 9).
  float top = 1e9f, bottom = -1e9f;
  for (const HoverSpot& spot : spots)
    if (spot.text.rfind("tile start (block ", 0) == 0) {
      top = std::min(top, spot.centre.y);
      bottom = std::max(bottom, spot.centre.y);
    }
  EXPECT_LT(bottom - top, 4.0f);
}

// A star's hub alone in the frontier, too wide for the cluster and for a thread per vertex:
// the tiles' search has one candidate and reads nothing, and the caption says why. The grid's
// cluster steps say where their reads go.
TEST(BfsTeachScene, FastCaptionsSayWhyAStepIsEmptyAndWhereTheClusterReads) {
  auto star = attached({{"graph", "gen:star:64"}, {"variant", "fast"}, {"alpha", "0.01"}});
  ASSERT_NE(teach(*star).shown_run(), nullptr);
  star->seek(0);
  ASSERT_EQ(teach(*star).shown_run()->trace.steps[0].code_marker, "@bfs-tile-find");
  EXPECT_TRUE(teach(*star).shown_run()->trace.steps[0].events.empty());
  const std::string empty = star->caption();
  EXPECT_NE(empty.find("makes no probe"), std::string::npos) << empty;
  EXPECT_NE(empty.find("this step reads nothing"), std::string::npos) << empty;
  auto grid = attached({{"graph", "gen:grid:8x8"}, {"variant", "fast"}});
  const bfs::TeachRun& run = *teach(*grid).shown_run();
  std::set<std::string> said;
  for (int s = 0; s < grid->step_count(); ++s) {
    const std::string& marker = run.trace.steps[size_t(s)].code_marker;
    if (marker != "@bfs-cluster-counts" && marker != "@bfs-cluster-entry") continue;
    grid->seek(s);
    EXPECT_NE(grid->caption().find("through distributed shared memory"), std::string::npos)
        << grid->caption();
    said.insert(marker);
  }
  EXPECT_EQ(said.size(), 2u);
}

TEST(BfsTeachScene, AGraphTooLargeGivesAMessageAndTheModeStaysUsable) {
  auto scene = attached({{"graph", "gen:pmpp"}});
  ASSERT_NE(teach(*scene).shown_run(), nullptr);
  EXPECT_NO_THROW(scene->params_from_json(in_teach({{"graph", "bcspwr10.mtx"}})));
  EXPECT_NO_THROW(scene->reset());
  EXPECT_EQ(teach(*scene).shown_run(), nullptr);
  EXPECT_NE(teach(*scene).state().message.find("karate.mtx"), std::string::npos)
      << teach(*scene).state().message;
  EXPECT_NE(teach(*scene).state().message.find(std::to_string(bfs::kTeachMaxVertices)),
            std::string::npos);
  EXPECT_EQ(scene->step_count(), 1);
  scene->seek(3);
  EXPECT_EQ(scene->current_step(), 0);
  const std::string svg = svg_of(*scene);
  EXPECT_NE(svg.find("karate.mtx"), std::string::npos);
  EXPECT_EQ(scene->describe_at({100, 100}), "");
  EXPECT_NE(scene->results_json()["summary"].get<std::string>().find("teach mode"),
            std::string::npos);
  // A generated graph past the limit too, then back to one that fits.
  scene->params_from_json(in_teach({{"graph", "gen:grid:9x9"}}));
  scene->reset();
  EXPECT_EQ(teach(*scene).shown_run(), nullptr);
  scene->params_from_json(in_teach({{"graph", "karate.mtx"}, {"source", "33"}}));
  scene->reset();
  ASSERT_NE(teach(*scene).shown_run(), nullptr);
  EXPECT_EQ(teach(*scene).shown_run()->params.source, 33);
  EXPECT_TRUE(teach(*scene).state().message.empty());
}

TEST(BfsTeachScene, TheGraphsTheMessageSuggestsAllFitTeachMode) {
  auto scene = attached({{"graph", "4elt.graph"}});
  ASSERT_EQ(teach(*scene).shown_run(), nullptr);
  const std::string message = teach(*scene).state().message;
  int suggested = 0;
  for (const char* name : {"gen:pmpp", "karate.mtx", "gen:tree:4", "gen:grid:6x6", "gen:er:40:3"}) {
    if (message.find(name) == std::string::npos) continue;
    ++suggested;
    scene->params_from_json(in_teach({{"graph", name}}));
    scene->reset();
    EXPECT_NE(teach(*scene).shown_run(), nullptr) << name << ": " << teach(*scene).state().message;
  }
  EXPECT_GE(suggested, 2);
}

// The panels in an ImGui frame for every variant, on a graph that fits and on one that does not:
// nothing throws.
// The process's one GL context and ImGui runtime (tests/render/gl_environment.h), which the
// figure tests of this executable use too: ImGui allows one runtime at a time.
TEST(BfsTeachScene, PanelsDrawInAnImGuiFrame) {
  WS_REQUIRE_GL();
  gfx::test::headless_gl().make_current();
  gfx::ImguiRuntime& imgui = gfx::test::imgui_runtime();
  std::vector<nlohmann::json> settings;
  for (const bfs::VariantInfo& vi : bfs::variant_infos())
    settings.push_back({{"graph", "gen:pmpp"}, {"variant", vi.id}});
  settings.push_back({{"graph", "bcspwr10.mtx"}});
  for (const nlohmann::json& params : settings) {
    SCOPED_TRACE(params.dump());
    auto scene = attached(params);
    scene->seek(3);
    for (int frame = 0; frame < 2; ++frame)
      testing::panels_frame(
          imgui, {"Graph", "Variant", "This step"}, [&] { EXPECT_NO_THROW(scene->ui()); },
          [&] { EXPECT_NO_THROW(scene->code_ui()); });
    scene->detach();
  }
}

TEST(BfsTeachScene, BadParametersAreRefusedAndKeepTheRun) {
  auto scene = attached({{"graph", "gen:pmpp"}, {"variant", "pull"}});
  ASSERT_NE(teach(*scene).shown_run(), nullptr);
  const int steps = scene->step_count();
  EXPECT_THROW(scene->params_from_json(in_teach({{"source", "9"}})), Error);  // pmpp has 0..8
  EXPECT_THROW(scene->params_from_json(in_teach({{"graph", "no-such-graph.mtx"}})), Error);
  EXPECT_THROW(scene->params_from_json(in_teach({{"variant", "sideways"}})), Error);
  EXPECT_EQ(scene->params_to_json()["variant"], "pull");
  EXPECT_EQ(scene->params_to_json()["graph"], "gen:pmpp");
  EXPECT_FALSE(svg_of(*scene).empty());
  EXPECT_EQ(spots_starting(spots_of(*scene), "vertex "), 9);
  scene->reset();
  ASSERT_NE(teach(*scene).shown_run(), nullptr);
  EXPECT_EQ(scene->step_count(), steps);
  // A new graph taken but not yet run: the figure keeps the run it has until reset().
  scene->params_from_json(in_teach({{"graph", "karate.mtx"}, {"source", "20"}}));
  EXPECT_FALSE(svg_of(*scene).empty());
  EXPECT_EQ(spots_starting(spots_of(*scene), "vertex "), 9);
  scene->reset();
  EXPECT_FALSE(svg_of(*scene).empty());
  EXPECT_EQ(spots_starting(spots_of(*scene), "vertex "), 34);
}

TEST(BfsTeachScene, ParameterChangesRunTheSearchAgain) {
  auto scene = attached({{"graph", "karate.mtx"}, {"variant", "global-queue"}});
  ASSERT_NE(teach(*scene).shown_run(), nullptr);
  const graph::Graph g = load("karate.mtx");
  for (const auto& [key, value] :
       std::vector<std::pair<std::string, std::string>>{{"variant", "block-queue"},
                                                        {"source", "16"},
                                                        {"teach_block", "64"},
                                                        {"variant", "direction-opt"},
                                                        {"alpha", "2"},
                                                        {"beta", "3"},
                                                        {"graph", "gen:pmpp"}}) {
    SCOPED_TRACE(key + "=" + value);
    scene->params_from_json(in_teach({{key, value}}));
    scene->reset();
    ASSERT_NE(teach(*scene).shown_run(), nullptr);
    const bfs::TeachParams& p = teach(*scene).shown_run()->params;
    if (key == "variant") {
      bfs::Variant v;
      ASSERT_TRUE(bfs::parse_variant(value, v));
      EXPECT_EQ(p.variant, v);
    }
    if (key == "source") {
      EXPECT_EQ(p.source, 16);
    }
    if (key == "teach_block") {
      EXPECT_EQ(p.block_dim, 64);
    }
    if (key == "alpha") {
      EXPECT_EQ(p.alpha, 2);
    }
    if (key == "beta") {
      EXPECT_EQ(p.beta, 3);
    }
    const graph::Graph now = load(key == "graph" ? value : "karate.mtx");
    EXPECT_EQ(level_cells(*scene, scene->step_count() - 1), graph::bfs_reference(now, p.source));
  }
  EXPECT_EQ(teach(*scene).state().graph->vertices, 9);  // the new graph starts from vertex 0
  EXPECT_EQ(teach(*scene).shown_run()->params.source, 0);
}

}  // namespace
}  // namespace ws::app
