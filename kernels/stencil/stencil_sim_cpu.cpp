// The CPU simulation: the field, the material map and a scratch buffer in host memory, advanced by
// the CPU twin of the current variant (run_cpu). Statistics are summed in double.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

#include "../common/error.h"
#include "stencil.h"
#include "stencil_brush.h"
#include "stencil_cpu.h"
#include "stencil_slice.h"

namespace ws::stencil {

namespace {

std::string mib(double bytes) {
  return std::to_string(static_cast<int64_t>(std::ceil(bytes / (1024.0 * 1024.0)))) + " MiB";
}

// Host memory a new allocation can get: MemAvailable (free memory plus reclaimable page cache)
// from /proc/meminfo, else the free pages sysconf reports; 0 when neither is known.
double available_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  double kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024.0;
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? double(pages) * double(page) : 0.0;
}

// Field, scratch (the ping-pong partner) and material map: three floats per cell.
void require_memory(const Params& p) {
  const double needed = 3.0 * 4.0 * double(p.cells());
  const double available = available_bytes();
  if (available <= 0) return;  // unknown: let the allocation decide
  WS_REQUIRE(needed <= available, "a " + std::to_string(p.nx) + "x" + std::to_string(p.ny) +
                                      (p.dim == 3 ? "x" + std::to_string(p.nz) : "") +
                                      " grid needs " + mib(needed) + " of host memory, only " +
                                      mib(available) + " available");
}

class CpuSimulation final : public Simulation {
 public:
  explicit CpuSimulation(const Params& p)
      : field_(static_cast<size_t>(p.cells()), 0.0f), material_(field_.size(), 1.0f) {
    params_ = p;
  }

  void set_params(const Params& p) override {
    validate(p);
    WS_REQUIRE(
        p.dim == params_.dim && p.nx == params_.nx && p.ny == params_.ny && p.nz == params_.nz,
        "set_params cannot change the grid's size or dimension (create a new simulation)");
    params_ = p;
  }

  void set_field(const std::vector<float>& field) override {
    require_size(field, "field");
    field_ = field;
  }
  void set_material(const std::vector<float>& material) override {
    require_size(material, "material map");
    material_ = material;
  }

  // stencil_brush.h: the cells a brush covers and what it does to them. Every brush but Erase
  // turns the material map on (params().materials), or it would do nothing.
  void paint(const Brush& brush) override {
    const BrushBox box = brush_box(params_, brush);
    for (int z = box.z0; z < box.z0 + box.sz; ++z)
      for (int y = box.y0; y < box.y0 + box.sy; ++y)
        for (int x = box.x0; x < box.x0 + box.sx; ++x) {
          if (!brush_covers(box, x, y, z)) continue;
          const size_t c = x + size_t(params_.nx) * (y + size_t(params_.ny) * z);
          brush_apply(brush, field_[c], material_[c]);
        }
    if (brush.kind != Brush::Kind::Erase) params_.materials = true;
  }

  void advance(int time_steps) override {
    run_cpu_launches(params_, field_, scratch_, params_.materials ? material_.data() : nullptr,
                     time_steps);
  }

  std::vector<float> field() const override { return field_; }
  std::vector<float> material() const override { return material_; }

  float probe(int x, int y, int z) const override {
    const Params& p = params_;
    WS_REQUIRE(x >= 0 && x < p.nx && y >= 0 && y < p.ny && z >= 0 && z < p.nz,
               "probe (" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) +
                   ") is outside the grid");
    return field_[x + size_t(p.nx) * (y + size_t(p.ny) * z)];
  }

  Stats stats() const override {
    Stats s;
    s.min = s.max = field_.front();
    for (float v : field_) {
      s.sum += v;
      s.min = std::min<double>(s.min, v);
      s.max = std::max<double>(s.max, v);
    }
    s.mean = s.sum / double(field_.size());
    return s;
  }

  std::vector<float> slice(int axis, int index) const override {
    const Params& p = params_;
    int width = 0, height = 0;
    slice_shape(p, axis, width, height);
    if (p.dim == 2) return field_;
    const int extent = axis == 0 ? p.nx : axis == 1 ? p.ny : p.nz;
    WS_REQUIRE(
        index == kMaxProjection || (index >= 0 && index < extent),
        "slice index " + std::to_string(index) + " is outside 0.." + std::to_string(extent - 1));
    std::vector<float> out(size_t(width) * height);
    for (int v = 0; v < height; ++v)
      for (int u = 0; u < width; ++u)
        out[u + size_t(width) * v] =
            slice_value(field_.data(), p.nx, p.ny, p.nz, axis, index, u, v);
    return out;
  }

 private:
  void require_size(const std::vector<float>& values, const char* what) const {
    WS_REQUIRE(int64_t(values.size()) == params_.cells(),
               std::string(what) + " has " + std::to_string(values.size()) + " values for " +
                   std::to_string(params_.cells()) + " cells");
  }

  std::vector<float> field_, material_, scratch_;  // scratch_: the ping-pong partner
};

}  // namespace

std::unique_ptr<Simulation> make_cpu_simulation(const Params& p) {
  validate(p);
  require_memory(p);
  return std::make_unique<CpuSimulation>(p);
}

}  // namespace ws::stencil
