// The backend dispatch of the stencil API (Simulation::create, teach) and the helpers both
// backends share: slice shapes and initial fields.
#include <cmath>
#include <cstdlib>

#include "../common/error.h"
#include "../common/split_mix.h"
#include "stencil.h"
#include "stencil_cpu.h"
#include "stencil_cuda.h"

namespace ws::stencil {

std::unique_ptr<Simulation> Simulation::create(Backend backend, const Params& p) {
  validate(p);
  return backend == Backend::Cuda ? make_cuda_simulation(p) : make_cpu_simulation(p);
}

TeachRun teach(const Params& p, const std::vector<float>& field, const std::vector<float>& material,
               Backend backend) {
  validate(p);
  const int limit = p.dim == 3 ? kTeachMax3D : kTeachMax2D;
  WS_REQUIRE(p.nx <= limit && p.ny <= limit && (p.dim == 2 || p.nz <= limit),
             "teach mode traces grids up to " + std::to_string(limit) + " cells a side in " +
                 std::to_string(p.dim) + "D, got " + std::to_string(p.nx) + "x" +
                 std::to_string(p.ny) + (p.dim == 3 ? "x" + std::to_string(p.nz) : ""));
  require_field_sizes(p, field, material);
  return backend == Backend::Cuda ? teach_cuda(p, field, material) : teach_cpu(p, field, material);
}

void slice_shape(const Params& p, int axis, int& width, int& height) {
  WS_REQUIRE(axis >= 0 && axis <= 2,
             "slice axis must be 0 (x), 1 (y) or 2 (z), got " + std::to_string(axis));
  if (p.dim == 2 || axis == 2) {
    width = p.nx, height = p.ny;
  } else if (axis == 0) {
    width = p.ny, height = p.nz;
  } else {
    width = p.nx, height = p.nz;
  }
}

// hot-square: 1 inside the middle square (3D: cube) of half the grid's edge, 0 elsewhere.
// random:SEED: SplitMix64 uniform [0, 1), the same on every platform. zero: all 0.
std::vector<float> initial_field(const Params& p, const std::string& spec) {
  std::vector<float> field(static_cast<size_t>(p.cells()), 0.0f);
  if (spec == "zero") return field;
  if (spec == "hot-square") {
    const auto in_middle = [](int v, int n) { return 4 * v >= n && 4 * v < 3 * n; };
    for (int z = 0; z < p.nz; ++z)
      for (int y = 0; y < p.ny; ++y)
        for (int x = 0; x < p.nx; ++x)
          if (in_middle(x, p.nx) && in_middle(y, p.ny) && (p.dim == 2 || in_middle(z, p.nz)))
            field[x + size_t(p.nx) * (y + size_t(p.ny) * z)] = 1.0f;
    return field;
  }
  const std::string prefix = "random:";
  if (spec.compare(0, prefix.size(), prefix) == 0) {
    const std::string seed_text = spec.substr(prefix.size());
    char* end = nullptr;
    const unsigned long long seed = std::strtoull(seed_text.c_str(), &end, 10);
    WS_REQUIRE(!seed_text.empty() && end && *end == '\0',
               "initial field 'random:SEED' needs a whole number seed, got '" + spec + "'");
    SplitMix64 rng{seed};
    for (float& v : field) v = rng.unit_float();
    return field;
  }
  throw Error("unknown initial field '" + spec +
              "' (expected hot-square, random:SEED or zero; images are loaded by the app)");
}

}  // namespace ws::stencil
