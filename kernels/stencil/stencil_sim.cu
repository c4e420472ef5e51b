// The CUDA simulation: the field in two ping-pong device buffers, the material map in a third,
// advanced by the fast-mode kernels of stencil.cu. Painting, probing, statistics and slices run
// on the device too, so a 8192^2 field never crosses to the host unless asked for.
//
// Cells the rule leaves alone (the fixed ring, pinned cells) are never written by a launch, so
// both ping-pong buffers must hold the same value there. set_field and paint write both buffers;
// set_material and set_params (which can pin cells or fix the ring) mark the partner buffer stale
// and the next advance copies the current field into it first.
//
// Every call queues its work on the legacy default stream 0, so another module's stream can
// order after it with an event.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cub/block/block_reduce.cuh>
#include <string>
#include <utility>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/device_buffer.cuh"
#include "stencil_cuda.h"
#include "stencil_brush.h"
#include "stencil_launch.h"
#include "stencil_slice.h"

namespace ws::stencil {

namespace {

constexpr int kThreads = 256;      // blocks of the helper kernels below
constexpr int kStatsBlocks = 512;  // partial statistics, finished on the host

std::string grid_text(const Params& p) {
  std::string s = std::to_string(p.nx) + "x" + std::to_string(p.ny);
  return p.dim == 3 ? s + "x" + std::to_string(p.nz) : s;
}

std::string mib(size_t bytes) {
  return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

// A device buffer of `count` floats; a failed cudaMalloc says how many bytes `what` needed.
DeviceBuffer<float> allocate(size_t count, const std::string& what) {
  try {
    return DeviceBuffer<float>(count);
  } catch (const Error& e) {
    throw Error(what + ": cudaMalloc of " + std::to_string(count * sizeof(float)) + " bytes (" +
                mib(count * sizeof(float)) + ") failed: " + e.what());
  }
}

__global__ void fill_kernel(float* data, int n, float value) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    data[i] = value;
}

// The brush over the box [x0, x0+sx) x [y0, y0+sy) x [z0, z0+sz): a cell is inside when its
// centre lies within the radius (the CPU simulation's rule, in the same float operations).
// Paints the brush's box: one thread per cell of the box (stencil_brush.h has the rule).
__global__ void paint_kernel(BrushBox box, float* field_a, float* field_b, float* material) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= box.sx * box.sy * box.sz) return;
  const int x = box.x0 + i % box.sx, y = box.y0 + i / box.sx % box.sy,
            z = box.z0 + i / (box.sx * box.sy);
  if (!brush_covers(box, x, y, z)) return;
  const int c = x + box.nx * (y + box.ny * z);
  float value = field_a[c], m = material[c];
  if (brush_apply(box.brush, value, m))
    field_a[c] = field_b[c] = value;  // both ping-pong buffers: the cell is pinned
  material[c] = m;
}

struct PartialStats {
  double sum;
  float min, max;
};

// Each block reduces a grid-stride share of the field; the host combines the blocks' partials in
// block order (a fixed order: the same sum every time).
__global__ void stats_kernel(const float* field, int n, PartialStats* partials) {
  using BlockReduce = cub::BlockReduce<double, kThreads>;
  using BlockReduceF = cub::BlockReduce<float, kThreads>;
  __shared__ typename BlockReduce::TempStorage sum_storage;
  __shared__ typename BlockReduceF::TempStorage min_storage, max_storage;
  double sum = 0;
  float lo = INFINITY, hi = -INFINITY;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const float v = field[i];
    sum += v;
    lo = fminf(lo, v);
    hi = fmaxf(hi, v);
  }
  sum = BlockReduce(sum_storage).Sum(sum);
  lo = BlockReduceF(min_storage).Reduce(lo, [](float a, float b) { return fminf(a, b); });
  hi = BlockReduceF(max_storage).Reduce(hi, [](float a, float b) { return fmaxf(a, b); });
  if (threadIdx.x == 0) partials[blockIdx.x] = {sum, lo, hi};
}

// slice[u + width * v]: the plane `axis` = index, or the maximum along the axis (stencil_slice.h).
__global__ void slice_kernel(const float* field, int nx, int ny, int nz, int axis, int index,
                             int width, int height, float* slice) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= width * height) return;
  slice[i] = slice_value(field, nx, ny, nz, axis, index, i % width, i / width);
}

int blocks_for(int64_t n) {
  return static_cast<int>(std::max<int64_t>(1, (n + kThreads - 1) / kThreads));
}

class CudaSimulation final : public Simulation {
 public:
  explicit CudaSimulation(const Params& p) {
    params_ = p;
    const size_t cells = size_t(p.cells());
    int width = 0, height = 0, slice_cells = 0;
    if (p.dim == 3) {
      for (int axis = 0; axis < 3; ++axis) {
        slice_shape(p, axis, width, height);
        slice_cells = std::max(slice_cells, width * height);
      }
    }
    const size_t bytes = (3 * cells + slice_cells + 2 * kStatsBlocks) * sizeof(float);
    const std::string what = "a " + grid_text(p) + " heat simulation on the GPU (" +
                             std::to_string(bytes) + " bytes: field x2, material map)";
    require_device_memory(bytes, what);
    field_[0] = allocate(cells, what);
    field_[1] = allocate(cells, what);
    material_ = allocate(cells, what);
    slice_ = allocate(size_t(slice_cells), what);
    partials_ = DeviceBuffer<PartialStats>(kStatsBlocks);
    fill(field_[0], 0.0f);
    fill(field_[1], 0.0f);
    fill(material_, 1.0f);
  }

  void set_params(const Params& p) override {
    validate(p);
    WS_REQUIRE(
        p.dim == params_.dim && p.nx == params_.nx && p.ny == params_.ny && p.nz == params_.nz,
        "set_params cannot change the grid's size or dimension (create a new simulation)");
    if (p.boundary != params_.boundary || p.materials != params_.materials) partner_stale_ = true;
    params_ = p;
  }

  void set_field(const std::vector<float>& field) override {
    require_size(field, "field");
    field_[current_].upload(field);
    field_[1 - current_].upload(field);
    partner_stale_ = false;
  }

  void set_material(const std::vector<float>& material) override {
    require_size(material, "material map");
    material_.upload(material);
    partner_stale_ = true;  // cells pinned now must hold one value in both buffers
  }

  void paint(const Brush& brush) override {
    const BrushBox box = brush_box(params_, brush);
    if (brush.kind != Brush::Kind::Erase) params_.materials = true;
    if (box.cells() == 0) return;  // the brush misses the grid
    paint_kernel<<<blocks_for(box.cells()), kThreads>>>(box, field_[0].data(), field_[1].data(),
                                                        material_.data());
    WS_CUDA_CHECK_LAUNCH();
  }

  void advance(int time_steps) override {
    WS_REQUIRE(time_steps >= 0, "advance needs a count >= 0, got " + std::to_string(time_steps));
    if (time_steps == 0) return;
    if (partner_stale_) {
      WS_CUDA_CHECK(cudaMemcpy(field_[1 - current_].data(), field_[current_].data(),
                               field_[current_].bytes(), cudaMemcpyDeviceToDevice));
      partner_stale_ = false;
    }
    const Params& p = params_;
    const float* material = p.materials ? material_.data() : nullptr;
    for (int done = 0; done < time_steps;) {
      const int k = p.variant == Variant::TemporalBlocked
                        ? std::min(p.steps_per_launch, time_steps - done)
                        : 1;
      detail::launch_fast(p, field_[current_].data(), field_[1 - current_].data(), material, k);
      current_ = 1 - current_;
      done += k;
    }
  }

  void synchronize() override { WS_CUDA_CHECK(cudaStreamSynchronize(0)); }

  std::vector<float> field() const override { return field_[current_].download(); }
  std::vector<float> material() const override { return material_.download(); }

  float probe(int x, int y, int z) const override {
    const Params& p = params_;
    WS_REQUIRE(x >= 0 && x < p.nx && y >= 0 && y < p.ny && z >= 0 && z < p.nz,
               "probe (" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) +
                   ") is outside the grid");
    float value = 0;
    field_[current_].download(&value, 1, x + size_t(p.nx) * (y + size_t(p.ny) * z));
    return value;
  }

  Stats stats() const override {
    const int n = static_cast<int>(params_.cells());
    stats_kernel<<<kStatsBlocks, kThreads>>>(field_[current_].data(), n, partials_.data());
    WS_CUDA_CHECK_LAUNCH();
    std::vector<PartialStats> partials = partials_.download();
    Stats s;
    s.min = partials[0].min;
    s.max = partials[0].max;
    for (const PartialStats& b : partials) {
      s.sum += b.sum;
      s.min = std::min<double>(s.min, b.min);
      s.max = std::max<double>(s.max, b.max);
    }
    s.mean = s.sum / double(n);
    return s;
  }

  std::vector<float> slice(int axis, int index) const override {
    int width = 0, height = 0;
    const float* device = gather_slice(axis, index, width, height);
    std::vector<float> out(size_t(width) * height);
    WS_CUDA_CHECK(
        cudaMemcpy(out.data(), device, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
    return out;
  }

  const float* device_field() const override { return field_[current_].data(); }

  const float* device_slice(int axis, int index) override {
    int width = 0, height = 0;
    return gather_slice(axis, index, width, height);
  }

 private:
  void require_size(const std::vector<float>& values, const char* what) const {
    WS_REQUIRE(int64_t(values.size()) == params_.cells(),
               std::string(what) + " has " + std::to_string(values.size()) + " values for " +
                   std::to_string(params_.cells()) + " cells");
  }

  static void fill(DeviceBuffer<float>& buffer, float value) {
    const int n = static_cast<int>(buffer.size());
    fill_kernel<<<std::min(blocks_for(n), 4096), kThreads>>>(buffer.data(), n, value);
    WS_CUDA_CHECK_LAUNCH();
  }

  // The plane as a device array: the field itself in 2D, else gathered into slice_.
  const float* gather_slice(int axis, int index, int& width, int& height) const {
    const Params& p = params_;
    slice_shape(p, axis, width, height);
    if (p.dim == 2) return field_[current_].data();
    const int extent = axis == 0 ? p.nx : axis == 1 ? p.ny : p.nz;
    WS_REQUIRE(
        index == kMaxProjection || (index >= 0 && index < extent),
        "slice index " + std::to_string(index) + " is outside 0.." + std::to_string(extent - 1));
    slice_kernel<<<blocks_for(int64_t(width) * height), kThreads>>>(
        field_[current_].data(), p.nx, p.ny, p.nz, axis, index, width, height, slice_.data());
    WS_CUDA_CHECK_LAUNCH();
    return slice_.data();
  }

  DeviceBuffer<float> field_[2];  // ping-pong: field_[current_] is the field now
  int current_ = 0;
  bool partner_stale_ = false;  // field_[1 - current_] may differ where cells are left alone
  DeviceBuffer<float> material_;
  mutable DeviceBuffer<float> slice_;
  mutable DeviceBuffer<PartialStats> partials_;
};

}  // namespace

std::unique_ptr<Simulation> make_cuda_simulation(const Params& p) {
  validate(p);
  WS_REQUIRE(cuda_device_available(),
             "the CUDA backend needs a CUDA device: " + cuda_device_description());
  return std::make_unique<CudaSimulation>(p);
}

}  // namespace ws::stencil
