// Files the BFS scene opens (File > Open, a drop on the window): a graph file, read with the
// format found from its extension and content, without the previous graph's coordinates file or
// symmetrize switch; a graph teach mode cannot draw moves the scene to the graph mode.
#include "bfs_scene.h"

namespace ws::app {

nlohmann::json BfsScene::params_for_file(const FileInfo& file) const {
  if (file.kind != FileKind::Graph) return nullptr;
  return {{"graph", file.path}, {"format", "auto"}, {"coordinates", ""}, {"symmetrize", false}};
}

}  // namespace ws::app
