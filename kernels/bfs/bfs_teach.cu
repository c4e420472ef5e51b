// The BFS teach kernels (a first stand-in: the traced kernels follow).
#include "../common/error.h"
#include "bfs_teach_cpu.h"

namespace ws::bfs {

TeachRun teach_cuda(const TeachParams&, const Graph&) {
  throw Error("BFS teach mode on CUDA is not there yet: it runs on the CPU");
}

}  // namespace ws::bfs
