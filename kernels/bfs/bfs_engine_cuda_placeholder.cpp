// TEMPORARY (bfs-cpu branch only, deleted at merge): make_cuda_engine until the bfs-cuda
// branch's bfs_engine_cuda.cu and bfs_engine_none.cpp exist, so the library links.
#include "../common/error.h"
#include "bfs_engine_parts.h"

namespace ws::bfs {

std::unique_ptr<Engine> make_cuda_engine() {
  throw Error("BFS: the CUDA engine is not built yet (placeholder on the bfs-cpu branch)");
}

}  // namespace ws::bfs
