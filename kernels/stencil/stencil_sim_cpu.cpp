// The CPU simulation: the field, the material map and a scratch buffer in host memory, advanced by
// the CPU twin of the current variant (run_cpu). Statistics are summed in double.
#include <unistd.h>

#include <algorithm>
#include <cmath>

#include "../common/error.h"
#include "stencil.h"
#include "stencil_cpu.h"

namespace ws::stencil {

namespace {

std::string mib(double bytes) {
  return std::to_string(static_cast<int64_t>(std::ceil(bytes / (1024.0 * 1024.0)))) + " MiB";
}

// Field, scratch (run_cpu's ping-pong) and material map: three floats per cell.
void require_memory(const Params& p) {
  const double needed = 3.0 * 4.0 * double(p.cells());
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return;  // unknown: let the allocation decide
  const double available = double(pages) * double(page);
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

  // Heat / Cool paint pinned cells at the brush temperature; Wall conductivity 0; Conductor the
  // brush's value as conductivity; Erase back to the default medium (conductivity 1, not pinned).
  // A cell is inside when its centre (x + 0.5, y + 0.5, z + 0.5) lies within the radius. Every
  // brush but Erase turns the material map on (params().materials), or it would do nothing.
  void paint(const Brush& brush) override {
    const Params& p = params_;
    const float r = brush.radius;
    const auto range = [&](float c, int n, int& lo, int& hi) {
      lo = std::max(0, static_cast<int>(std::floor(c - r - 0.5f)));
      hi = std::min(n - 1, static_cast<int>(std::ceil(c + r - 0.5f)));
    };
    int x0, x1, y0, y1, z0 = 0, z1 = 0;
    range(brush.x, p.nx, x0, x1);
    range(brush.y, p.ny, y0, y1);
    if (p.dim == 3) range(brush.z, p.nz, z0, z1);
    for (int z = z0; z <= z1; ++z)
      for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
          const float dx = x + 0.5f - brush.x, dy = y + 0.5f - brush.y;
          const float dz = p.dim == 3 ? z + 0.5f - brush.z : 0.0f;
          if (dx * dx + dy * dy + dz * dz > r * r) continue;
          const size_t c = x + size_t(p.nx) * (y + size_t(p.ny) * z);
          switch (brush.kind) {
            case Brush::Kind::Heat:
            case Brush::Kind::Cool:
              field_[c] = brush.temperature;
              material_[c] = kPinned;
              break;
            case Brush::Kind::Wall:
              material_[c] = 0.0f;
              break;
            case Brush::Kind::Conductor:
              material_[c] = std::max(0.0f, brush.temperature);
              break;
            case Brush::Kind::Erase:
              material_[c] = 1.0f;
              break;
          }
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
    WS_REQUIRE(index >= 0 && index < extent, "slice index " + std::to_string(index) +
                                                 " is outside 0.." + std::to_string(extent - 1));
    std::vector<float> out(size_t(width) * height);
    for (int v = 0; v < height; ++v)
      for (int u = 0; u < width; ++u) {
        const int x = axis == 0 ? index : u;
        const int y = axis == 0 ? u : axis == 1 ? index : v;
        const int z = axis == 2 ? index : v;
        out[u + size_t(width) * v] = field_[x + size_t(p.nx) * (y + size_t(p.ny) * z)];
      }
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
