// The graph view's colouring on the GPU (graph_buffers_cuda.h): the shared rule
// (graph_buffers_state.h) applied straight to the engine's device level / parent arrays, writing
// the registered GL state and class buffers through CUDA-GL interop.
//   vertex_states_kernel  one thread per vertex: level -> state byte          work O(n), 1 step
//   edge_classes_kernel   one thread per edge: levels and parents of its two
//                         ends -> class byte; a tree / useful edge also writes
//                         its index at its child (after a memset to -1), and
//                         tree and useful edges are counted (an atomic each)     work O(m), 1 step
// Both are grid-stride loops; each thread reads a few ints and writes one byte.
#include "interop/graph_buffers_cuda.h"

// After GLEW (cuda_gl_interop.h includes GL/gl.h, which GLEW must precede).
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "common/cuda_check.cuh"
#include "common/device_buffer.cuh"
#include "common/error.h"

namespace ws::interop {

namespace {

constexpr int kThreads = 256;
constexpr int64_t kMaxBlocks = 1 << 16;

unsigned blocks_for(int64_t count) {
  return unsigned(
      std::max<int64_t>(1, std::min<int64_t>((count + kThreads - 1) / kThreads, kMaxBlocks)));
}

__global__ void vertex_states_kernel(const int32_t* __restrict__ level, int32_t n,
                                     GraphStateParams params, uint8_t* __restrict__ states) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t v = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; v < n; v += stride) {
    states[v] = graph_vertex_state_at(level, int32_t(v), params);
  }
}

__global__ void edge_classes_kernel(const int2* __restrict__ pairs, int64_t m,
                                    const int32_t* __restrict__ level,
                                    const int32_t* __restrict__ parent, GraphStateParams params,
                                    uint8_t* __restrict__ classes, int32_t* __restrict__ tree,
                                    unsigned long long* __restrict__ counts) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t e = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; e < m; e += stride) {
    const int2 uv = pairs[e];
    const uint8_t cls = graph_edge_class_at(level, parent, uv.x, uv.y, params);
    classes[e] = cls;
    if (cls >= kEdgeTree) tree[graph_tree_child(parent, uv.x, uv.y)] = int32_t(e);
    if (cls >= kEdgeTree) atomicAdd(&counts[cls - kEdgeTree], 1ull);
  }
}

class CudaGraphWriter final : public GraphDeviceWriter {
 public:
  CudaGraphWriter() {
    WS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    WS_CUDA_CHECK(cudaEventCreateWithFlags(&caller_ready_, cudaEventDisableTiming));
    WS_CUDA_CHECK(cudaEventCreateWithFlags(&writes_done_, cudaEventDisableTiming));
    WS_CUDA_CHECK(cudaMalloc(&counts_, 2 * sizeof(unsigned long long)));
    WS_CUDA_CHECK(cudaMallocHost(&counts_host_, 2 * sizeof(unsigned long long)));
    counts_host_[0] = counts_host_[1] = 0;
  }
  ~CudaGraphWriter() override {
    // Statuses dropped: a destructor must not throw.
    cudaStreamSynchronize(stream_);
    for (cudaGraphicsResource*& r : resources_) {
      if (r != nullptr) cudaGraphicsUnregisterResource(r);
      r = nullptr;
    }
    cudaFree(counts_);
    cudaFreeHost(counts_host_);
    cudaEventDestroy(caller_ready_);
    cudaEventDestroy(writes_done_);
    cudaStreamDestroy(stream_);
  }

  void set_edges(const std::vector<int32_t>& pairs, int32_t vertices) override {
    const size_t m = pairs.size() / 2;
    WS_CUDA_CHECK(cudaStreamSynchronize(stream_));  // earlier kernels may read the old edges
    pairs_ = DeviceBuffer<int2>();
    if (m > 0) {
      require_device_memory(m * sizeof(int2), "graph view edges (" + std::to_string(m) + ")");
      pairs_ = DeviceBuffer<int2>(m);
      WS_CUDA_CHECK(
          cudaMemcpy(pairs_.data(), pairs.data(), m * sizeof(int2), cudaMemcpyHostToDevice));
    }
    edges_ = int64_t(m);
    vertices_ = vertices;
  }

  bool write(GLuint state_buffer, GLuint class_buffer, GLuint tree_buffer, const int32_t* level,
             const int32_t* parent, const GraphStateParams& params) override {
    if (!ensure_registered({state_buffer, class_buffer, tree_buffer})) return false;
    // Our stream waits for the engine's work on the legacy stream.
    WS_CUDA_CHECK(cudaEventRecord(caller_ready_, cudaStreamLegacy));
    WS_CUDA_CHECK(cudaStreamWaitEvent(stream_, caller_ready_, 0));
    cudaGraphicsResource* resources[kBuffers] = {resources_[0], resources_[1], resources_[2]};
    WS_CUDA_CHECK(cudaGraphicsMapResources(kBuffers, resources, stream_));
    try {
      void* states = nullptr;
      void* classes = nullptr;
      void* tree = nullptr;
      size_t bytes = 0;
      WS_CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&states, &bytes, resources[0]));
      WS_REQUIRE(bytes >= size_t(vertices_),
                 std::string("graph state buffer smaller than the graph"));
      WS_CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&classes, &bytes, resources[1]));
      WS_REQUIRE(bytes >= size_t(edges_), std::string("graph class buffer smaller than the graph"));
      WS_CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&tree, &bytes, resources[2]));
      WS_REQUIRE(bytes >= size_t(vertices_) * sizeof(int32_t),
                 std::string("graph tree buffer smaller than the graph"));
      if (vertices_ > 0)  // write-discard: every index is written, -1 where no edge claims it
        WS_CUDA_CHECK(cudaMemsetAsync(tree, 0xff, size_t(vertices_) * sizeof(int32_t), stream_));
      if (vertices_ > 0) {
        vertex_states_kernel<<<blocks_for(vertices_), kThreads, 0, stream_>>>(
            level, vertices_, params, static_cast<uint8_t*>(states));
        WS_CUDA_CHECK_LAUNCH();
      }
      WS_CUDA_CHECK(cudaMemsetAsync(counts_, 0, 2 * sizeof(unsigned long long), stream_));
      if (edges_ > 0) {
        edge_classes_kernel<<<blocks_for(edges_), kThreads, 0, stream_>>>(
            pairs_.data(), edges_, level, parent, params, static_cast<uint8_t*>(classes),
            static_cast<int32_t*>(tree), counts_);
        WS_CUDA_CHECK_LAUNCH();
      }
      WS_CUDA_CHECK(cudaMemcpyAsync(counts_host_, counts_, 2 * sizeof(unsigned long long),
                                    cudaMemcpyDeviceToHost, stream_));
    } catch (...) {
      cudaGraphicsUnmapResources(kBuffers, resources, stream_);
      throw;
    }
    // GL work issued after the unmap waits for the kernels.
    WS_CUDA_CHECK(cudaGraphicsUnmapResources(kBuffers, resources, stream_));
    // The engine's next work on the legacy stream waits for our reads of its arrays.
    WS_CUDA_CHECK(cudaEventRecord(writes_done_, stream_));
    WS_CUDA_CHECK(cudaStreamWaitEvent(cudaStreamLegacy, writes_done_, 0));
    written_ = true;
    return true;
  }

  void emphasised_edges(int64_t& tree, int64_t& useful) override {
    tree = useful = -1;
    if (!written_) return;
    WS_CUDA_CHECK(cudaEventSynchronize(writes_done_));
    tree = int64_t(counts_host_[0]);
    useful = int64_t(counts_host_[1]);
  }

  void release() override {
    if (resources_[0] == nullptr && resources_[1] == nullptr && resources_[2] == nullptr) return;
    WS_CUDA_CHECK(cudaStreamSynchronize(stream_));
    for (cudaGraphicsResource*& r : resources_) {
      cudaGraphicsResource* resource = r;
      r = nullptr;
      if (resource != nullptr) WS_CUDA_CHECK(cudaGraphicsUnregisterResource(resource));
    }
    registered_[0] = registered_[1] = registered_[2] = 0;
  }

  void download(const int32_t* device, int32_t n, std::vector<int32_t>& host) override {
    host.clear();
    if (device == nullptr) return;
    host.resize(size_t(n));
    // After the engine's work on the legacy stream (a blocking copy on it).
    if (n > 0)
      WS_CUDA_CHECK(
          cudaMemcpy(host.data(), device, size_t(n) * sizeof(int32_t), cudaMemcpyDeviceToHost));
  }

  void force_fallback(bool on) override {
    forced_ = on;
    if (on) {
      release();
      notice_ = "CUDA-GL interop turned off: levels are copied to the host and coloured there";
    } else {
      failed_ = false;
      notice_.clear();
    }
  }

  const std::string& notice() const override { return notice_; }

 private:
  struct Names {
    GLuint buffers[3];
  };
  bool ensure_registered(const Names& names) {
    if (forced_ || failed_) return false;
    if (resources_[0] != nullptr && registered_[0] == names.buffers[0] &&
        registered_[1] == names.buffers[1] && registered_[2] == names.buffers[2])
      return true;
    release();
    const GLuint* buffers = names.buffers;
    for (int i = 0; i < kBuffers; ++i) {
      const cudaError_t status = cudaGraphicsGLRegisterBuffer(
          &resources_[i], buffers[i], cudaGraphicsRegisterFlagsWriteDiscard);
      if (status != cudaSuccess) {
        cudaGetLastError();  // clear it, or the next launch check would report it
        resources_[i] = nullptr;
        release();
        failed_ = true;
        notice_ = std::string("CUDA-GL interop unavailable (") + cudaGetErrorName(status) + ": " +
                  cudaGetErrorString(status) +
                  "): levels are copied to the host and coloured there";
        return false;
      }
      registered_[i] = buffers[i];
    }
    return true;
  }

  cudaStream_t stream_ = nullptr;
  cudaEvent_t caller_ready_ = nullptr, writes_done_ = nullptr;
  static constexpr int kBuffers = 3;
  cudaGraphicsResource* resources_[kBuffers] = {nullptr, nullptr,
                                                nullptr};  // states, classes, tree
  GLuint registered_[kBuffers] = {0, 0, 0};
  DeviceBuffer<int2> pairs_;
  int64_t edges_ = 0;
  int32_t vertices_ = 0;
  bool forced_ = false, failed_ = false;
  std::string notice_;
  unsigned long long* counts_ = nullptr;       // device: tree, useful edges of the last write
  unsigned long long* counts_host_ = nullptr;  // pinned: their copy
  bool written_ = false;
};

}  // namespace

std::unique_ptr<GraphDeviceWriter> make_graph_device_writer() {
  int devices = 0;
  const cudaError_t status = cudaGetDeviceCount(&devices);
  if (status != cudaSuccess || devices == 0) {
    cudaGetLastError();
    throw Error(std::string("the graph view's CUDA backend needs a CUDA device (") +
                (status != cudaSuccess ? cudaGetErrorString(status) : "none found") + ")");
  }
  return std::make_unique<CudaGraphWriter>();
}

}  // namespace ws::interop
