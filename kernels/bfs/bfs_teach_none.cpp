// CPU-only builds: teach mode on the CUDA backend is not there.
#include "../common/error.h"
#include "bfs_teach_cpu.h"

namespace ws::bfs {

TeachRun teach_cuda(const TeachParams&, const Graph&) {
  throw Error("this build has no CUDA backend: BFS teach mode runs on the CPU");
}

}  // namespace ws::bfs
