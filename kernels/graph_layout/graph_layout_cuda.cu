// The CUDA layout: ForceAtlas2 with every iteration on the device (graph_layout_cuda.cuh lists
// the kernels), nothing copied back until positions() is asked for. An iteration:
//   tree (bounds, Morton codes, sort, radix tree, bottom-up sums) -> repulsion (Barnes-Hut, or
//   exact for theta == 0) -> attraction + gravity + swinging / traction sums -> global speed ->
//   move
// Work O((n log n + m)) per iteration, O(log n) steps for the tree and the traversal.
#include <memory>
#include <string>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/device_buffer.cuh"
#include "graph_layout_cuda.cuh"
#include "graph_layout_parts.h"

namespace ws::graph_layout::detail {

namespace {

class CudaSimulation final : public Simulation {
 public:
  CudaSimulation(const graph::Graph& g, const Params& params) : params_(params) {
    const Adjacency adj = undirected_adjacency(g);
    n_ = adj.vertices;
    const size_t n = size_t(n_);
    const size_t bytes = n * (4 * 7 + 1) + adj.offsets.size() * 8 + adj.neighbours.size() * 4 +
                         n * cuda::DeviceTree::bytes_per_vertex();
    require_device_memory(bytes, "graph layout of " + std::to_string(n) + " vertices and " +
                                     std::to_string(adj.neighbours.size()) + " edges");
    positions_ = initial_positions(g, params.seed);
    x_ = DeviceBuffer<float>(n);
    y_ = DeviceBuffer<float>(n);
    x_.upload(positions_.x);
    y_.upload(positions_.y);
    mass_ = DeviceBuffer<float>(n);
    mass_.upload(adj.mass);
    offsets_ = DeviceBuffer<int64_t>(adj.offsets.size());
    offsets_.upload(adj.offsets);
    neighbours_ = DeviceBuffer<int32_t>(adj.neighbours.size());
    neighbours_.upload(adj.neighbours);
    fx_ = DeviceBuffer<float>(n);
    fy_ = DeviceBuffer<float>(n);
    old_fx_ = DeviceBuffer<float>(n);
    old_fy_ = DeviceBuffer<float>(n);
    old_fx_.fill_zero();
    old_fy_.fill_zero();
    pinned_ = DeviceBuffer<uint8_t>(n);
    pinned_.fill_zero();
    sums_ = DeviceBuffer<double>(2);
    sums_.fill_zero();
    speed_ = DeviceBuffer<double>(1);
    const double one = 1.0;
    speed_.upload(&one, 1);
    if (params.theta > 0) tree_ = std::make_unique<cuda::DeviceTree>(n_);
  }

  Backend backend() const override { return Backend::Cuda; }
  int iterations_done() const override { return done_; }

  void step(int iterations) override {
    if (iterations <= 0) return;
    const cuda::ForceParams fp{float(params_.scaling), float(params_.gravity), float(params_.theta),
                               params_.lin_log, params_.strong_gravity};
    const double tau = swing_tolerance(n_);
    const float max_step = float(max_displacement(n_));
    for (int i = 0; i < iterations; ++i) {
      if (tree_) {
        tree_->build(x_.data(), y_.data(), mass_.data());
        cuda::repulsion_tree(tree_->view(), fp, fx_.data(), fy_.data());
      } else {
        cuda::repulsion_exact(n_, x_.data(), y_.data(), mass_.data(), fp, fx_.data(), fy_.data());
      }
      cuda::attraction_gravity(n_, offsets_.data(), neighbours_.data(), x_.data(), y_.data(),
                               mass_.data(), pinned_.data(), old_fx_.data(), old_fy_.data(), fp,
                               fx_.data(), fy_.data(), sums_.data());
      cuda::update_speed(speed_.data(), sums_.data(), tau);
      cuda::move(n_, speed_.data(), max_step, pinned_.data(), fx_.data(), fy_.data(),
                 old_fx_.data(), old_fy_.data(), x_.data(), y_.data());
      ++done_;
    }
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    stale_ = true;
  }

  const Positions& positions() override {
    if (stale_) {
      x_.download(positions_.x.data(), positions_.x.size());
      y_.download(positions_.y.data(), positions_.y.size());
      stale_ = false;
    }
    return positions_;
  }

  void set_position(int32_t v, float x, float y, bool pin) override {
    WS_REQUIRE(v >= 0 && v < n_, "graph layout: set_position of vertex " + std::to_string(v) +
                                     ", the graph has " + std::to_string(n_) + " vertices");
    positions();  // the host copy current before one entry changes
    positions_.x[size_t(v)] = x;
    positions_.y[size_t(v)] = y;
    x_.upload(&x, 1, size_t(v));
    y_.upload(&y, 1, size_t(v));
    const uint8_t flag = pin ? 1 : 0;
    pinned_.upload(&flag, 1, size_t(v));
    const float zero = 0;
    old_fx_.upload(&zero, 1, size_t(v));  // its swinging restarts
    old_fy_.upload(&zero, 1, size_t(v));
  }

  void unpin_all() override { pinned_.fill_zero(); }

 private:
  Params params_;
  int32_t n_ = 0;
  DeviceBuffer<float> x_, y_, mass_, fx_, fy_, old_fx_, old_fy_;
  DeviceBuffer<int64_t> offsets_;
  DeviceBuffer<int32_t> neighbours_;
  DeviceBuffer<uint8_t> pinned_;
  DeviceBuffer<double> sums_, speed_;
  std::unique_ptr<cuda::DeviceTree> tree_;
  Positions positions_;
  int done_ = 0;
  bool stale_ = false;
};

}  // namespace

std::unique_ptr<Simulation> make_cuda_simulation(const graph::Graph& g, const Params& params) {
  if (!cuda_device_available())
    throw Error("graph layout: no CUDA device (" + cuda_device_description() +
                "); use the CPU backend");
  return std::make_unique<CudaSimulation>(g, params);
}

}  // namespace ws::graph_layout::detail
