#include "bfs_graph_key.h"

#include "i18n/i18n.h"
#include "views/graph/graph_view.h"

namespace ws::app {

std::vector<Swatch> bfs_graph_key(gfx::Theme theme, const char* examined) {
  std::vector<Swatch> key;
  for (VertexState s : {VertexState::Source, VertexState::Frontier, VertexState::Discovered,
                        VertexState::Visited, VertexState::Unvisited})
    key.push_back({GraphView::state_color(s, theme), tr_text(GraphView::state_name(s))});
  const std::pair<EdgeClass, const char*> edges[] = {{EdgeClass::Examined, examined},
                                                     {EdgeClass::Useful, tr("discovered a vertex")},
                                                     {EdgeClass::Tree, tr("BFS tree")}};
  for (const auto& [e, text] : edges)
    key.push_back({GraphView::edge_color(e, theme), text, SwatchKind::Arrow});
  return key;
}

}  // namespace ws::app
