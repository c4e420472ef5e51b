// The CUDA layout in a CPU-only build: there is none (graph_layout_cuda.cu is not compiled).
#include "../common/error.h"
#include "graph_layout_parts.h"

namespace ws::graph_layout::detail {

std::unique_ptr<Simulation> make_cuda_simulation(const graph::Graph&, const Params&) {
  throw Error("graph layout: this build has no CUDA backend; use the CPU backend");
}

}  // namespace ws::graph_layout::detail
