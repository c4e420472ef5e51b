// The graph view's CUDA writer in a CPU-only build: there is none; Backend::Cuda is refused.
#include "common/error.h"
#include "interop/graph_buffers_cuda.h"

namespace ws::interop {

std::unique_ptr<GraphDeviceWriter> make_graph_device_writer() {
  throw Error(
      "the graph view: this build has no CUDA backend (configure with -DWARPSCOPE_CUDA=ON)");
}

}  // namespace ws::interop
