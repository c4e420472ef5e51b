// The BFS scene's teach mode (bfs_teach_mode.h): one traced search on a small graph (up to
// bfs::kTeachMaxVertices vertices; the textbook's 9-vertex example by default), step by step inside
// each level: the CSR (CSC, COO) arrays and the level / parent arrays as cells with the threads
// that read and wrote them, the frontier queues and the atomics on their tails in the order they
// serialize, the graph drawn with the frontier, visited and unvisited vertices and the edges this
// step examines, and per warp the busy and idle lanes (the load imbalance that degree variation
// causes). A graph too large to trace leaves the mode running with a message that names graphs
// that fit.
//
// What the BFS teach figure reads out of a traced search, and its parts. The facts of one step
// (the edges examined and the threads that read them, the atomics on the queue tails in the order
// they serialize, every cell touched and by whom, each warp's busy and idle lanes this step and
// over the level) come from the trace alone, so the figure shows what the kernel did, on either
// backend. The graph is drawn at a layered layout: one column per BFS level from the source.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bfs/bfs.h"
#include "bfs/bfs_teach_facts.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/bfs/bfs_settings.h"
#include "views/graph/graph_view.h"

namespace ws::app {

// ---- Facts of one step: kernels/bfs/bfs_teach_facts.h.
using bfs::CellTouch;
using bfs::examined_in_step;
using bfs::ExaminedEdge;
using bfs::step_facts;
using bfs::StepFacts;
using bfs::TailAtomic;
using bfs::teach_element;
using bfs::teach_queue_length;
using bfs::teach_warp_of;
using bfs::WarpLanes;

// ---- The graph drawing.
// The state of vertex `v` with `level` (after the step shown; NaN or negative: unreached) while
// `depth` is being expanded: GraphView's rule (vertex_state), so a vertex has the same state, and
// GraphView::state_color the same colour, in teach mode as in graph mode.
VertexState teach_vertex_state(double level, int32_t v, int32_t depth, int32_t source);

// Positions in the unit square: column = the vertex's level from the source (unreached vertices
// in a last column), spread evenly down the column, every other one nudged sideways so edges
// inside a column stay visible.
struct TeachLayout {
  std::vector<float> x, y;
  int columns = 0;
};
TeachLayout layered_layout(const graph::Graph& g, const std::vector<int32_t>& level);

// Everything a part of the figure needs about the step shown.
struct TeachFrame {
  const graph::Graph* graph = nullptr;
  const bfs::TeachRun* run = nullptr;
  const std::vector<std::vector<double>>* values = nullptr;  // every buffer after the step
  const StepFacts* facts = nullptr;
  const TeachLayout* layout = nullptr;
  const gfx::Palette* palette = nullptr;
  gfx::Theme theme = gfx::Theme::Light;  // the graph's colours: GraphView's for this theme
  float font = 12;
};
// Each part draws itself and adds its hover regions to `hover` (figure coordinates).
// The graph in [min, max]: edges, this step's examined edges (the useful ones emphasised), the
// BFS tree so far, the vertices in their state colours with ids (and levels), the source ringed;
// GraphView's colours for the states and edge classes (one key for both modes). A vertex's hover
// text: its id, level and parent after this step, degree and state.
void draw_teach_graph(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const TeachFrame& f,
                      HoverMap& hover);
// The atomics on the tails (and 7's edge counts) this step, a chain of boxes per word in
// serialization order; returns the height used.
float draw_tail_atomics(gfx::Canvas& c, gfx::Vec2 origin, float width, const TeachFrame& f,
                        HoverMap& hover);
// Per warp a strip of lanes (busy this step in the warp's colour, idle grey) with a bar per lane
// for its busy steps over the level; within [origin, origin + size].
// The height the strips need `width` wide to show every warp with lanes of a readable height.
float lane_strips_height(const gfx::Canvas& c, float width, const TeachFrame& f);
void draw_lane_strips(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size, const TeachFrame& f,
                      HoverMap& hover);

// ---- What the mode keeps.
struct BfsTeachState {
  std::shared_ptr<const graph::Graph> graph;  // the graph traced (null: none is, `message` says)
  std::vector<int32_t> reference;             // graph::bfs_reference from the source
  TeachLayout layout;                         // vertex positions in the unit square
  // Why nothing is traced ("" while a run is shown): a graph too large for teach mode, a source
  // outside it; in English (the run document, tests; the mode's shown_message() translates).
  std::string message;
  enum class Why { None, TooLarge, BadSource } why = Why::None;
  int64_t vertices = 0, edges = 0;  // of the graph named, even when too large
  // A trace the tests hand in (BfsTeachMode::show) instead of bfs::teach's.
  std::optional<std::pair<graph::Graph, bfs::TeachRun>> handed;
};

// The figure of the step shown: the run (null: the message says why there is none), its graph and
// layout, the graph's name and the backend.
struct TeachFigure {
  const Taught<bfs::TeachRun>* taught = nullptr;
  const BfsTeachState* state = nullptr;
  std::string label;    // the graph's name
  std::string message;  // in the current language
  int step = 0;
  Backend backend = Backend::Cpu;
};
// Its hover regions (a cell, a vertex, an atomic, a warp) go to `hover`.
void draw_teach_figure(gfx::Canvas& c, gfx::Theme theme, const TeachFigure& f, HoverMap& hover);

}  // namespace ws::app
