// What the BFS teach figure reads out of a trace, checked on traces written by hand (so the
// expectations do not come from the code under test): the edges a step examines and whether
// they discovered a vertex, the tail atomics in serialization order with the slot each one
// reserves, per-block tails, the busy lanes of each warp this step and over the level; the
// layered layout and the vertex states.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <tuple>
#include <vector>

#include "common/trace_model.h"
#include "common/trace_cluster.h"
#include "graph/graph.h"
#include "render/figure.h"
#include "scenes/bfs/bfs_scene.h"
#include "scenes/bfs/teach/bfs_teach_mode.h"
#include "test_bfs_hover_support.h"

namespace ws::app {
namespace {

// A global-queue search of the diamond 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3 (CSR row_offsets 0 2 3 4 4,
// columns 1 2 3 3) from 0 with 32-thread blocks, written out by hand.
bfs::TeachRun diamond_queue_run() {
  bfs::TeachRun run;
  run.params.variant = bfs::Variant::GlobalQueue;
  run.params.block_dim = 32;
  TraceModel m(run.trace);
  const int ro = m.add_buffer("row_offsets", MemSpace::Global, 5, 1, {0, 2, 3, 4, 4});
  const int co = m.add_buffer("columns", MemSpace::Global, 4, 1, {1, 2, 3, 3});
  const int level = m.add_buffer("level", MemSpace::Global, 4, 1, {0, -1, -1, -1});
  const int parent = m.add_buffer("parent", MemSpace::Global, 4, 1, {0, -1, -1, -1});
  const double nan = std::nan("");
  const int frontier = m.add_buffer("frontier", MemSpace::Global, 4, 1, {0, nan, nan, nan});
  const int next = m.add_buffer("next", MemSpace::Global, 4, 1);
  const int tail = m.add_buffer("tail", MemSpace::Global, 1, 1, {0});
  // Level 0: thread 0 has vertex 0 (edges 0, 1).
  m.at(m.add_step("level 0: read frontier", "level 0", "", 1, 32, 0));
  m.read(0, frontier, 0);
  m.read(0, ro, 0);
  m.read(0, ro, 1);
  for (int k = 0; k < 2; ++k) {
    m.at(m.add_step("level 0: edge " + std::to_string(k + 1), "level 0", "", 1, 32, 0));
    const int u = int(m.read(0, co, k));
    m.read(0, level, u);
    m.write(0, level, u, 1);
    m.write(0, parent, u, 0);
    m.atomic(0, tail, 0, 1);
    m.write(0, next, k, u);
  }
  // Level 1: threads 0 and 1 have vertices 1 and 2; both reach 3, thread 0 first.
  m.at(m.add_step("level 1: read frontier", "level 1", "", 1, 32, 0));
  m.write(0, frontier, 0, 1);
  m.write(1, frontier, 1, 2);
  m.at(m.add_step("level 1: edge 1", "level 1", "", 1, 32, 0));
  m.read(0, co, 2);
  m.read(0, level, 3);
  m.write(0, level, 3, 2);
  m.write(0, parent, 3, 1);
  m.atomic(0, tail, 0, 1);
  m.write(0, next, 2, 3);
  m.read(1, co, 3);
  m.read(1, level, 3);
  m.finish();
  run.step_depth = {0, 0, 0, 1, 1};
  run.result.levels.resize(2);
  run.result.levels[1].depth = 1;
  return run;
}

TEST(BfsTeachFacts, TheEdgesOfAStepAreTheAdjacencyEntriesItReads) {
  const bfs::TeachRun run = diamond_queue_run();
  const Snapshots snaps = replay_snapshots(run.trace);
  const StepFacts f = step_facts(run, snaps, 4);
  EXPECT_EQ(f.depth, 1);
  EXPECT_EQ(f.level_steps, 2);
  EXPECT_EQ(f.step_in_level, 1);
  ASSERT_EQ(f.edges.size(), 2u);
  EXPECT_EQ(f.edges[0].from, 1);
  EXPECT_EQ(f.edges[0].to, 3);
  EXPECT_EQ(f.edges[0].index, 2);
  EXPECT_EQ(f.edges[0].thread, 0);
  EXPECT_TRUE(f.edges[0].useful);
  EXPECT_EQ(f.edges[1].from, 2);
  EXPECT_EQ(f.edges[1].to, 3);
  EXPECT_EQ(f.edges[1].thread, 1);
  EXPECT_FALSE(f.edges[1].useful);  // thread 0 claimed vertex 3 first
  EXPECT_EQ(f.level_edges, 2);      // the read-frontier step reads no edge
  EXPECT_EQ(examined_in_step(run.trace, 4), 2);
  EXPECT_EQ(examined_in_step(run.trace, 0), 0);
  // The cells: level[3] read by both, written by thread 0.
  const int level = bfs::teach_buffer(run.trace, "level");
  const auto& touches = f.touches.at({level, 3});
  std::set<int32_t> threads;
  bool written = false;
  for (const CellTouch& t : touches) {
    threads.insert(t.thread);
    written = written || (t.kind == EventKind::Write && t.thread == 0);
  }
  EXPECT_EQ(threads, (std::set<int32_t>{0, 1}));
  EXPECT_TRUE(written);
}

TEST(BfsTeachFacts, TheSceneDrawsAHandWrittenTraceAndNamesWhoTouchedACell) {
  graph::Graph g;
  g.vertices = 4;
  g.row_offsets = {0, 2, 3, 4, 4};
  g.columns = {1, 2, 3, 3};
  BfsScene bfs_scene;  // not attached: its teach mode shows the trace on the CPU backend
  BfsTeachMode& scene = *bfs_scene.find_mode<BfsTeachMode>("teach");
  scene.show(g, diamond_queue_run());
  EXPECT_EQ(scene.step_count(), 5);
  scene.seek(4);
  gfx::FigureOptions options;
  (void)gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
  const std::vector<bfs_test::HoverSpot> spots =
      bfs_test::hover_spots(scene, {float(options.width), float(options.height)});
  const gfx::Vec2 cell = bfs_test::spot_of(spots, "level[3] = ");
  ASSERT_GE(cell.x, 0);
  const std::string text = scene.describe_at(cell);
  EXPECT_EQ(text.rfind("level[3] = 2 (vertex 3)", 0), 0u) << text;
  EXPECT_NE(text.find("read by thread 0 (block 0, warp 0, lane 0)"), std::string::npos) << text;
  EXPECT_NE(text.find("written by thread 0"), std::string::npos) << text;
  EXPECT_NE(text.find("read by thread 1 (block 0, warp 0, lane 1)"), std::string::npos) << text;
  // Vertex 3 in the drawing: level 2, parent 1, in-degree 2.
  ASSERT_EQ(bfs_test::spots_starting(spots, "vertex "), 4);
  const gfx::Vec2 vertex = bfs_test::spot_of(spots, "vertex 3:");
  ASSERT_GE(vertex.x, 0);
  const std::string v3 = scene.describe_at(vertex);
  EXPECT_EQ(v3.rfind("vertex 3: level 2, parent 1, out-degree 0, in-degree 2", 0), 0u) << v3;
}

TEST(BfsTeachFacts, TailAtomicsComeInOrderWithTheSlotEachReserves) {
  const bfs::TeachRun run = diamond_queue_run();
  const Snapshots snaps = replay_snapshots(run.trace);
  const StepFacts first = step_facts(run, snaps, 1), second = step_facts(run, snaps, 2),
                  later = step_facts(run, snaps, 4);
  ASSERT_EQ(first.atomics.size(), 1u);
  EXPECT_EQ(first.atomics[0].before, 0);
  ASSERT_EQ(second.atomics.size(), 1u);
  EXPECT_EQ(second.atomics[0].before, 1);  // the tail the step before left
  ASSERT_EQ(later.atomics.size(), 1u);
  EXPECT_EQ(later.atomics[0].before, 2);
  EXPECT_EQ(later.atomics[0].thread, 0);
  EXPECT_EQ(second.level_atomics, 2);  // both of level 0's
  EXPECT_TRUE(step_facts(run, snaps, 3).atomics.empty());
}

TEST(BfsTeachFacts, ManyAtomicsInOneStepSerializeAndPerBlockTailsAreApart) {
  bfs::TeachRun run;
  run.params.block_dim = 32;
  TraceModel m(run.trace);
  const int tail = m.add_buffer("tail", MemSpace::Global, 1, 1, {5});
  const int block_tail = m.add_buffer("block tail", MemSpace::Shared, 1, 2, {0, 0});
  m.at(m.add_step("edge 1", "level 0", "", 2, 32, 0));
  for (int t : {3, 7, 33, 40, 41}) m.atomic(t, block_tail, 0, 1);
  for (int t : {2, 9, 12}) m.atomic(t, tail, 0, t == 9 ? 4 : 1);
  m.finish();
  run.step_depth = {0};
  const StepFacts f = step_facts(run, replay_snapshots(run.trace), 0);
  ASSERT_EQ(f.atomics.size(), 8u);
  // Events are in thread order: 2 (tail), 3 (b0), 7 (b0), 9 (tail), 12 (tail), 33, 40, 41 (b1).
  std::vector<std::tuple<int, int, int32_t, double>> got;
  for (const TailAtomic& a : f.atomics) got.emplace_back(a.buffer, a.copy, a.thread, a.before);
  const std::vector<std::tuple<int, int, int32_t, double>> want = {
      {tail, 0, 2, 5},   {block_tail, 0, 3, 0},  {block_tail, 0, 7, 1},  {tail, 0, 9, 6},
      {tail, 0, 12, 10}, {block_tail, 1, 33, 0}, {block_tail, 1, 40, 1}, {block_tail, 1, 41, 2}};
  EXPECT_EQ(got, want);
}

// Variant 7's cluster: a thread of block 1 reads block 0's copy of a shared array through
// distributed shared memory (a RemoteRead, its address block-major); the figure marks the owner's
// cell and names the reader. The atomics on "tail", "next edges" and a cluster block's count and
// edges are four words: four chains, each in its own serialization order.
bfs::TeachRun cluster_run() {
  bfs::TeachRun run;
  run.params.variant = bfs::Variant::Fast;
  run.params.block_dim = 32;
  TraceModel m(run.trace);
  m.add_buffer("row_offsets", MemSpace::Global, 5, 1, {0, 2, 3, 4, 4});
  m.add_buffer("columns", MemSpace::Global, 4, 1, {1, 2, 3, 3});
  m.add_buffer("level", MemSpace::Global, 4, 1, {0, 1, 1, -1});
  m.add_buffer("parent", MemSpace::Global, 4, 1, {0, 0, 0, -1});
  const double nan = std::nan("");
  const int queue =
      m.add_buffer("cluster queue", MemSpace::Shared, 4, 2, {1, 2, nan, nan, nan, nan, nan, nan});
  const int tail = m.add_buffer("tail", MemSpace::Global, 1, 1, {0});
  const int edges = m.add_buffer("next edges", MemSpace::Global, 1, 1, {0});
  const int counts = m.add_buffer("cluster counts", MemSpace::Shared, 2, 2, {0, 0, 0, 0});
  m.at(m.add_step("level 1 · top-down · find the entries", "level 1", "", 2, 8, 0));
  m.read(0, queue, 0);            // block 0's thread, its own block's entry 0
  m.remote_read(8, queue, 0, 1);  // block 1's thread, block 0's entry 1
  m.at(m.add_step("level 1 · top-down · edges 1-4", "level 1", "", 2, 8, 0));
  for (int t : {0, 1}) {
    m.atomic(t, tail, 0, 1);
    m.atomic(t, edges, 0, t == 0 ? 3 : 2);
  }
  m.atomic(8, counts, 1, 5);  // block 1's edges, then its count (thread order)
  m.atomic(15, counts, 0, 2);
  m.finish();
  run.step_depth = {1, 1};
  run.result.levels.resize(2);
  run.result.levels[1].depth = 1;
  return run;
}

// The hover text of the cell whose text starts with `start` when the diamond graph's `run` is
// shown at `step` (the scene not attached: its teach mode shows the trace on the CPU backend).
std::string cell_hover(const bfs::TeachRun& run, int step, const std::string& start) {
  graph::Graph g;
  g.vertices = 4;
  g.row_offsets = {0, 2, 3, 4, 4};
  g.columns = {1, 2, 3, 3};
  BfsScene bfs_scene;
  BfsTeachMode& scene = *bfs_scene.find_mode<BfsTeachMode>("teach");
  scene.show(g, run);
  scene.seek(step);
  gfx::FigureOptions options;
  (void)gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
  const std::vector<bfs_test::HoverSpot> spots =
      bfs_test::hover_spots(scene, {float(options.width), float(options.height)});
  const gfx::Vec2 cell = bfs_test::spot_of(spots, start);
  return cell.x < 0 ? std::string() : scene.describe_at(cell);
}

TEST(BfsTeachFacts, ARemoteReadMarksTheOwnersCellAndNamesTheReader) {
  const bfs::TeachRun run = cluster_run();
  const TraceEvent& remote = run.trace.steps[0].events.at(1);
  EXPECT_EQ(remote.kind, kRemoteRead);
  EXPECT_EQ(remote.address, 1);  // block 0's element 1
  EXPECT_EQ(remote.value, 2);
  const int queue = bfs::teach_buffer(run.trace, "cluster queue");
  const StepFacts f = step_facts(run, replay_snapshots(run.trace), 0);
  ASSERT_TRUE(f.touches.count({queue, 1}));
  EXPECT_EQ(f.touches.at({queue, 1}).front().thread, 8);
  EXPECT_EQ(f.touches.at({queue, 1}).front().kind, kRemoteRead);
  EXPECT_EQ(f.touches.at({queue, 0}).front().kind, EventKind::Read);
  EXPECT_FALSE(f.touches.count({queue, 4 + 1}));  // not the reader's own copy

  const std::string text = cell_hover(cluster_run(), 0, "cluster queue (block 0)[1] = 2");
  ASSERT_FALSE(text.empty());
  EXPECT_NE(text.find("read from another block through distributed shared memory by thread 8 "
                      "(block 1, warp 1, lane 0)"),
            std::string::npos)
      << text;
}

TEST(BfsTeachFacts, TailAndEdgeCountAtomicsAreAChainPerWord) {
  const bfs::TeachRun run = cluster_run();
  const StepFacts f = step_facts(run, replay_snapshots(run.trace), 1);
  const int tail = bfs::teach_buffer(run.trace, "tail");
  const int edges = bfs::teach_buffer(run.trace, "next edges");
  const int counts = bfs::teach_buffer(run.trace, "cluster counts");
  // (buffer, block, element, thread, the word before it): in thread order, each word counting on.
  std::vector<std::tuple<int, int, int, int32_t, double>> got;
  for (const TailAtomic& a : f.atomics)
    got.emplace_back(a.buffer, a.copy, a.element, a.thread, a.before);
  const std::vector<std::tuple<int, int, int, int32_t, double>> want = {
      {tail, 0, 0, 0, 0},  {edges, 0, 0, 0, 0},  {tail, 0, 0, 1, 1},
      {edges, 0, 0, 1, 3}, {counts, 1, 1, 8, 0}, {counts, 1, 0, 15, 0}};
  EXPECT_EQ(got, want);
  EXPECT_EQ(f.level_atomics, 6);
}

TEST(BfsTeachFacts, LanesBusyThisStepAndOverTheLevel) {
  // Two blocks of 64 threads (4 warps); thread t busy in steps 0..(t % 5) of the level.
  bfs::TeachRun run;
  run.params.block_dim = 64;
  TraceModel m(run.trace);
  const int buf = m.add_buffer("level", MemSpace::Global, 128, 1, std::vector<double>(128, 0));
  for (int s = 0; s < 5; ++s) {
    m.at(m.add_step("step", "level 0", "", 2, 64, 0));
    for (int t = 0; t < 100; ++t)  // threads 100..127 idle: past the work
      if (t % 5 >= s) m.read(t, buf, t);
  }
  m.finish();
  run.step_depth = {0, 0, 0, 0, 0};
  const Snapshots snaps = replay_snapshots(run.trace);
  for (int s = 0; s < 5; ++s) {
    const StepFacts f = step_facts(run, snaps, s);
    ASSERT_EQ(f.warps.size(), 4u);
    int64_t busy_total = 0;
    for (const WarpLanes& w : f.warps) {
      ASSERT_EQ(w.busy.size(), 32u);
      for (int l = 0; l < 32; ++l) {
        const int t = w.warp * 32 + l;  // 64-thread blocks: warp w holds threads 32w..32w+31
        const bool want = t < 100 && t % 5 >= s;
        EXPECT_EQ(bool(w.busy[size_t(l)]), want) << "step " << s << " thread " << t;
        const int steps_so_far = t < 100 ? std::min(s, t % 5) + 1 : 0;
        EXPECT_EQ(w.level_busy[size_t(l)], steps_so_far) << "step " << s << " thread " << t;
        busy_total += steps_so_far;
      }
    }
    EXPECT_EQ(f.level_lanes_busy, busy_total);
    EXPECT_EQ(f.level_lanes, int64_t(128) * (s + 1));
  }
  EXPECT_EQ(teach_warp_of(95, 64, 32), 2);
  EXPECT_EQ(teach_warp_of(95, 96, 32), 2);
  EXPECT_EQ(teach_warp_of(96, 96, 32), 3);
}

TEST(BfsTeachFacts, PullEdgesRunFromTheInNeighbourToTheVertexLookingForAParent) {
  // CSC of the diamond: in-edges of 1: {0}, of 2: {0}, of 3: {1, 2}.
  bfs::TeachRun run;
  run.params.block_dim = 32;
  TraceModel m(run.trace);
  const int cso = m.add_buffer("col_offsets", MemSpace::Global, 5, 1, {0, 0, 1, 2, 4});
  const int rows = m.add_buffer("rows", MemSpace::Global, 4, 1, {0, 0, 1, 2});
  const int level = m.add_buffer("level", MemSpace::Global, 4, 1, {0, 1, 1, -1});
  m.add_buffer("parent", MemSpace::Global, 4, 1, {0, 0, 0, -1});
  m.at(m.add_step("level 1 · bottom-up · edge 1", "level 1", "", 1, 32, 0));
  (void)cso;
  m.read(3, rows, 2);
  m.read(3, level, 1);
  m.write(3, level, 3, 2);
  m.finish();
  run.step_depth = {1};
  const StepFacts f = step_facts(run, replay_snapshots(run.trace), 0);
  ASSERT_EQ(f.edges.size(), 1u);
  EXPECT_EQ(f.edges[0].from, 1);
  EXPECT_EQ(f.edges[0].to, 3);
  EXPECT_TRUE(f.edges[0].useful);
}

TEST(BfsTeachFacts, OfAChunkOfInEdgesOnlyTheOneToTheParentIsUseful) {
  // 7's bottom-up step reads vertex 3's in-edges from 1 and 2 together (both in the frontier) and
  // takes 1, the first, as its parent: the edge 2 -> 3 was read but discovered nothing.
  bfs::TeachRun run;
  run.params.block_dim = 32;
  TraceModel m(run.trace);
  m.add_buffer("col_offsets", MemSpace::Global, 5, 1, {0, 0, 1, 2, 4});
  const int rows = m.add_buffer("rows", MemSpace::Global, 4, 1, {0, 0, 1, 2});
  const int level = m.add_buffer("level", MemSpace::Global, 4, 1, {0, 1, 1, -1});
  const int parent = m.add_buffer("parent", MemSpace::Global, 4, 1, {0, 0, 0, -1});
  m.at(m.add_step("level 1 · bottom-up · in-edges 1-4", "level 1", "", 1, 32, 0));
  m.read(0, rows, 2);
  m.read(0, rows, 3);
  m.read(0, level, 1);
  m.read(0, level, 2);
  m.write(0, level, 3, 2);
  m.write(0, parent, 3, 1);
  m.finish();
  run.step_depth = {1};
  const StepFacts f = step_facts(run, replay_snapshots(run.trace), 0);
  ASSERT_EQ(f.edges.size(), 2u);
  EXPECT_EQ(f.edges[0].from, 1);
  EXPECT_TRUE(f.edges[0].useful);
  EXPECT_EQ(f.edges[1].from, 2);
  EXPECT_EQ(f.edges[1].to, 3);
  EXPECT_FALSE(f.edges[1].useful);
}

TEST(BfsTeachFacts, TheLayeredLayoutPutsEachLevelInItsColumn) {
  for (uint64_t seed : {1, 2, 3}) {
    const graph::Graph g = graph::generate("er:40:2", seed);
    const std::vector<int32_t> level = graph::bfs_reference(g, 0);
    const TeachLayout layout = layered_layout(g, level);
    int32_t deepest = 0;
    bool unreached = false;
    for (int32_t l : level) deepest = std::max(deepest, l), unreached = unreached || l < 0;
    ASSERT_EQ(layout.columns, deepest + 1 + (unreached ? 1 : 0));
    std::set<std::pair<float, float>> places;
    for (int32_t v = 0; v < g.vertices; ++v) {
      const float x = layout.x[size_t(v)], y = layout.y[size_t(v)];
      EXPECT_GT(x, 0);
      EXPECT_LT(x, 1);
      EXPECT_GT(y, 0);
      EXPECT_LT(y, 1);
      EXPECT_TRUE(places.insert({x, y}).second) << "two vertices at one place";
      const int column = level[size_t(v)] < 0 ? layout.columns - 1 : level[size_t(v)];
      EXPECT_EQ(int(std::floor(x * layout.columns)), column) << "vertex " << v;
    }
  }
}

TEST(BfsTeachFacts, VertexStatesFollowTheLevelBeingExpanded) {
  // Vertex 5 while level 2 is expanded from source 0; the source keeps its own state.
  EXPECT_EQ(teach_vertex_state(-1, 5, 2, 0), VertexState::Unvisited);
  EXPECT_EQ(teach_vertex_state(std::nan(""), 5, 2, 0), VertexState::Unvisited);
  EXPECT_EQ(teach_vertex_state(0, 5, 2, 0), VertexState::Visited);
  EXPECT_EQ(teach_vertex_state(1, 5, 2, 0), VertexState::Visited);
  EXPECT_EQ(teach_vertex_state(2, 5, 2, 0), VertexState::Frontier);
  EXPECT_EQ(teach_vertex_state(3, 5, 2, 0), VertexState::Discovered);
  EXPECT_EQ(teach_vertex_state(4, 5, 2, 0), VertexState::Unvisited);  // found later
  EXPECT_EQ(teach_vertex_state(0, 0, 2, 0), VertexState::Source);
  EXPECT_EQ(teach_vertex_state(0, 0, 0, 0), VertexState::Source);
  // The same rule as the graph view's, for every level, depth and vertex.
  for (int32_t depth = 0; depth < 4; ++depth)
    for (int32_t level = -1; level < 6; ++level)
      for (int32_t v = 0; v < 3; ++v)
        EXPECT_EQ(teach_vertex_state(level, v, depth, 1), vertex_state(level, v, depth, 1));
}

}  // namespace
}  // namespace ws::app
