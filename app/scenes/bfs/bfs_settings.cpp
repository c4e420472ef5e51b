#include "bfs_settings.h"

namespace ws::app {

std::string BfsGraphChoice::graph_label() const {
  if (graph.rfind("gen:", 0) == 0) return graph;
  const size_t slash = graph.find_last_of('/');
  return slash == std::string::npos ? graph : graph.substr(slash + 1);
}

}  // namespace ws::app
