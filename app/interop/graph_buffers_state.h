// The colouring rule of the graph view, one body for host and device (WS_HD): the state of a vertex
// and the class of an edge, given a BFS's level / parent arrays and the level shown. The host path
// (Backend::Cpu, the copy fallback, the canvas figures) and the CUDA kernel that writes the
// registered GL buffers (graph_buffers_cuda.cu) call these same functions, so every path colours
// a graph identically. The codes are those of ws::app::VertexState / EdgeClass (graph_view.h).
#pragma once

#include <cstdint>

#include "common/host_device.h"

namespace ws::interop {

// Vertex states (ws::app::VertexState).
inline constexpr uint8_t kStateUnvisited = 0;   // level -1 or > depth + 1
inline constexpr uint8_t kStateVisited = 1;     // level < depth
inline constexpr uint8_t kStateFrontier = 2;    // level == depth
inline constexpr uint8_t kStateDiscovered = 3;  // level == depth + 1
inline constexpr uint8_t kStateSource = 4;      // the source, whatever its level
inline constexpr int kStateCount = 5;

// Edge classes (ws::app::EdgeClass), drawn in this order of emphasis.
inline constexpr uint8_t kEdgePlain = 0;
inline constexpr uint8_t kEdgeExamined = 1;  // an out-edge of the frontier: this level's work
inline constexpr uint8_t kEdgeTree = 2;      // a parent edge of a vertex reached by depth + 1
inline constexpr uint8_t kEdgeUseful = 3;    // a tree edge found this level (child at depth + 1)
inline constexpr int kEdgeClassCount = 4;

// What the rule needs besides the arrays.
struct GraphStateParams {
  int32_t depth = 0;  // the level shown: the frontier being expanded
  int32_t source = -1;
  bool show_examined = true;
  bool show_tree = true;
  bool symmetric = true;  // edges are stored once (u < v) and mean both directions
};

WS_HD uint8_t graph_vertex_state(int32_t level, int32_t vertex, int32_t depth, int32_t source) {
  if (vertex == source) return kStateSource;
  if (level < 0) return kStateUnvisited;
  if (level < depth) return kStateVisited;
  if (level == depth) return kStateFrontier;
  if (level == depth + 1) return kStateDiscovered;
  return kStateUnvisited;  // reached later than the level shown
}

// The class of edge u -> v (for a symmetric graph: the pair {u, v}). lu, lv: levels (-1
// unreached); pu, pv: parents (-1 none). A parent edge counts for the tree only when its child is
// reached by depth + 1, so a full BFS result shown at an early level shows only that level's tree.
WS_HD uint8_t graph_edge_class(int32_t u, int32_t v, int32_t lu, int32_t lv, int32_t pu, int32_t pv,
                               const GraphStateParams& p) {
  const int32_t next = p.depth + 1;
  const bool v_child = pv == u && lv >= 0 && lv <= next && lu >= 0;
  const bool u_child = p.symmetric && pu == v && lu >= 0 && lu <= next && lv >= 0;
  const bool useful = (v_child && lv == next) || (u_child && lu == next);
  const bool examined = lu == p.depth || (p.symmetric && lv == p.depth);
  if (useful && (p.show_tree || p.show_examined)) return kEdgeUseful;
  if ((v_child || u_child) && p.show_tree) return kEdgeTree;
  if (examined && p.show_examined) return kEdgeExamined;
  return kEdgePlain;
}

// Array forms (null level: every vertex unreached; null parent: no tree), used by both paths.
WS_HD uint8_t graph_vertex_state_at(const int32_t* level, int32_t v, const GraphStateParams& p) {
  return graph_vertex_state(level != nullptr ? level[v] : -1, v, p.depth, p.source);
}

WS_HD uint8_t graph_edge_class_at(const int32_t* level, const int32_t* parent, int32_t u, int32_t v,
                                  const GraphStateParams& p) {
  if (level == nullptr) return kEdgePlain;
  const int32_t pu = parent != nullptr ? parent[u] : -1;
  const int32_t pv = parent != nullptr ? parent[v] : -1;
  return graph_edge_class(u, v, level[u], level[v], pu, pv, p);
}

// The vertex whose parent edge u -> v is (an edge of class tree or useful): v when parent[v] is u,
// else u (a symmetric graph's pair stored the other way round).
WS_HD int32_t graph_tree_child(const int32_t* parent, int32_t u, int32_t v) {
  return parent[v] == u ? v : u;
}

// The host path: states of n vertices and classes of m edges (pairs: u0, v0, u1, v1, ...), and
// when `tree` is given, per vertex the index of its edge of class tree or useful (-1 none): the
// few emphasised edges that the line drawing of large graphs draws as quads, by vertex.
void graph_states_host(const int32_t* level, const int32_t* parent, int32_t n, const int32_t* pairs,
                       int64_t m, const GraphStateParams& params, uint8_t* states, uint8_t* classes,
                       int32_t* tree = nullptr);

}  // namespace ws::interop
