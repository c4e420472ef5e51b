// The CUDA side of the graph view's buffers: with Backend::Cuda the state and class buffers of
// GraphBuffers (and the per-vertex emphasised-edge buffer) are registered with CUDA
// (cudaGraphicsGLRegisterBuffer, WriteDiscard), and each recolour maps them, runs one kernel over
// the vertices and one over the edges that apply the shared rule (graph_buffers_state.h) to the
// engine's device level / parent arrays, and unmaps them: no copy through the host. When
// registration fails (Mesa, remote X, WSL) the view falls back to copying level / parent to the
// host and colouring there (download()). The header is CUDA-free: graph_buffers_cuda.cu implements
// it in CUDA builds, and graph_buffers_none.cpp stands in for it in CPU-only builds
// (make_graph_device_writer throws). Device arrays given here are read in order after the work
// queued on the legacy default stream (where the engine ran), and the legacy stream waits for our
// kernels in turn.
#pragma once

#include <GL/glew.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "interop/graph_buffers_state.h"

namespace ws::interop {

class GraphDeviceWriter {
 public:
  virtual ~GraphDeviceWriter() = default;

  // Copies the edge pairs (2 ints per edge) to the device for the edge kernel.
  virtual void set_edges(const std::vector<int32_t>& pairs, int32_t vertices) = 0;
  // Writes n states into `state_buffer`, m classes into `class_buffer` (GL buffers of at least
  // that many bytes) and n emphasised-edge indices (int32, -1 none: graph_states_host's `tree`)
  // into `tree_buffer` from device arrays (level null: all unvisited; parent null: no tree), by
  // interop. Returns false, with notice() saying why, when the buffers cannot be registered; the
  // caller then colours on the host. Registration is kept until the buffer names change or
  // release() is called.
  virtual bool write(GLuint state_buffer, GLuint class_buffer, GLuint tree_buffer,
                     const int32_t* level, const int32_t* parent,
                     const GraphStateParams& params) = 0;
  // (Added) How many edges the last successful write() classed as tree and as useful, waiting
  // for its kernels; -1, -1 before any. The view picks how to draw a dense tree by them.
  virtual void emphasised_edges(int64_t& tree, int64_t& useful) = 0;
  // Unregisters the buffers: call before they are reallocated or deleted.
  virtual void release() = 0;
  // Copies n device values to the host (null gives an empty vector); waits for them.
  virtual void download(const int32_t* device, int32_t n, std::vector<int32_t>& host) = 0;
  // true: write() refuses interop (the tests compare both paths); false: it tries again.
  virtual void force_fallback(bool on) = 0;
  virtual const std::string& notice() const = 0;
};

// Throws ws::Error in a CPU-only build or when no CUDA device is usable.
std::unique_ptr<GraphDeviceWriter> make_graph_device_writer();

}  // namespace ws::interop
