// The CUDA layout (placeholder until the kernels land): reports that it is not available.
#include "../common/error.h"
#include "graph_layout_parts.h"

namespace ws::graph_layout::detail {

std::unique_ptr<Simulation> make_cuda_simulation(const graph::Graph&, const Params&) {
  throw Error("graph layout: the CUDA layout is not built yet; use the CPU backend");
}

}  // namespace ws::graph_layout::detail
