// The host path of the graph view's colouring: the shared rule (graph_buffers_state.h) over every
// vertex and every edge (and the vertices' emphasised edges). O(n + m), one pass each.
#include "interop/graph_buffers_state.h"

namespace ws::interop {

void graph_states_host(const int32_t* level, const int32_t* parent, int32_t n, const int32_t* pairs,
                       int64_t m, const GraphStateParams& params, uint8_t* states, uint8_t* classes,
                       int32_t* tree) {
  for (int32_t v = 0; v < n; ++v) states[v] = graph_vertex_state_at(level, v, params);
  if (tree != nullptr)
    for (int32_t v = 0; v < n; ++v) tree[v] = -1;
  for (int64_t e = 0; e < m; ++e) {
    const int32_t u = pairs[2 * e], v = pairs[2 * e + 1];
    classes[e] = graph_edge_class_at(level, parent, u, v, params);
    if (tree != nullptr && classes[e] >= kEdgeTree)
      tree[graph_tree_child(parent, u, v)] = int32_t(e);
  }
}

}  // namespace ws::interop
