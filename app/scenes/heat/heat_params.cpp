// The heat scene's parameters as JSON: one parser for the command line, sessions and panels of
// both modes, and the checks a run makes before it starts.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "common/error.h"
#include "heat_inputs.h"
#include "heat_settings.h"
#include "scene_kit/json_params.h"

namespace ws::app {

namespace {

std::string size_text(const stencil::Params& p) {
  std::string s = std::to_string(p.nx) + "x" + std::to_string(p.ny);
  if (p.dim == 3) s += "x" + std::to_string(p.nz);
  return s;
}

std::string probes_text(const std::vector<std::array<int, 3>>& probes, int dim) {
  std::string s;
  for (const auto& c : probes) {
    if (!s.empty()) s += ";";
    s += std::to_string(c[0]) + "," + std::to_string(c[1]);
    if (dim == 3) s += "," + std::to_string(c[2]);
  }
  return s;
}

}  // namespace

HeatSettings::HeatSettings() {
  grid.nx = grid.ny = 256;
  grid.tile = 16;
}

stencil::Params HeatSettings::run_params() const {
  stencil::Params p = grid;
  p.r = alpha * dt;
  p.materials = !material.empty();
  return p;
}

std::array<int, 3> HeatSettings::slice_index() const {
  const int sizes[3] = {grid.nx, grid.ny, grid.nz};
  std::array<int, 3> s = slice;
  for (int a = 0; a < 3; ++a) s[a] = s[a] < 0 ? sizes[a] / 2 : std::min(s[a], sizes[a] - 1);
  return s;
}

nlohmann::json heat_params_json(const HeatSettings& s, const std::string& painted) {
  const stencil::Params& p = s.grid;
  char range[64];
  std::snprintf(range, sizeof range, "%g,%g", s.lo, s.hi);
  return {{"dim", p.dim},
          {"size", size_text(p)},
          {"shape", std::to_string(static_cast<int>(p.shape))},
          {"boundary", stencil::boundary_name(p.boundary)},
          {"alpha", shortest_decimal(s.alpha)},
          {"dt", shortest_decimal(s.dt)},
          {"unstable", s.unstable},
          {"steps", s.steps},
          {"init", s.init},
          {"material", s.material},
          {"variant", stencil::info(p.variant).id},
          {"tile", p.tile},
          {"k", p.steps_per_launch},
          {"colormap", interop::colormap_name(s.colormap)},
          {"range", range},
          {"steps-per-frame", s.steps_per_frame},
          {"probes", probes_text(s.probes, p.dim)},
          {"slice", std::to_string(s.slice[0]) + "," + std::to_string(s.slice[1]) + "," +
                        std::to_string(s.slice[2])},
          {"painted", painted}};
}

HeatSettings parse_heat_params(const HeatSettings& current, const nlohmann::json& j) {
  reject_unknown_keys(j,
                      {"dim", "size", "shape", "boundary", "alpha", "dt", "unstable", "steps",
                       "init", "material", "variant", "tile", "k", "colormap", "range",
                       "steps-per-frame", "probes", "slice", "painted"},
                      kHeatSceneId);
  HeatSettings s = current;  // parse into a copy: a bad value changes nothing
  stencil::Params& p = s.grid;
  const int old_dim = p.dim;
  if (j.contains("dim")) p.dim = static_cast<int>(json_int(j, "dim", 2, 3));
  if (j.contains("size")) {
    const std::vector<int> d = json_dims(j, "size");
    if (!j.contains("dim") && d.size() == 3) p.dim = 3;
    if (!j.contains("dim") && d.size() == 2) p.dim = 2;
    WS_REQUIRE(!(p.dim == 2 && d.size() == 3),
               std::string("--size has three numbers but --dim is 2"));
    WS_REQUIRE(!(p.dim == 3 && d.size() == 2),
               std::string("--size has two numbers but --dim is 3 (give NxNxN or N)"));
    p.nx = d[0];
    p.ny = d.size() > 1 ? d[1] : d[0];
    p.nz = p.dim == 3 ? (d.size() > 2 ? d[2] : d[0]) : 1;
  } else if (p.dim != old_dim) {
    p.nz = p.dim == 3 ? std::min(p.nx, 128) : 1;
    if (p.dim == 3) p.nx = p.ny = p.nz;
  }
  if (p.dim != old_dim && !j.contains("shape"))
    p.shape = p.dim == 3 ? stencil::Shape::Seven : stencil::Shape::Five;
  if (p.dim != old_dim && !j.contains("variant") && p.variant != stencil::Variant::Basic &&
      p.variant != stencil::Variant::SharedTiled)
    p.variant = stencil::Variant::Basic;
  if (j.contains("shape")) {
    const std::string t = json_string(j, "shape");
    WS_REQUIRE(stencil::parse_shape(t, p.shape),
               "--shape: unknown stencil '" + t + "' (5 or 9 in 2D, 7 in 3D)");
  }
  if (j.contains("boundary")) {
    const std::string t = json_string(j, "boundary");
    WS_REQUIRE(stencil::parse_boundary(t, p.boundary),
               "--boundary: unknown '" + t + "' (fixed, insulated, periodic)");
  }
  // A new stencil shape starts from a stable step unless one is given: 80% of its limit.
  if (p.shape != current.grid.shape && !j.contains("dt") && !j.contains("alpha") &&
      s.alpha * s.dt > stencil::stability_limit(p.shape))
    s.dt = 0.8f * stencil::stability_limit(p.shape) / s.alpha;
  if (j.contains("alpha")) s.alpha = static_cast<float>(json_double(j, "alpha", 0, 1e6));
  if (j.contains("dt")) s.dt = static_cast<float>(json_double(j, "dt", 0, 1e6));
  if (j.contains("unstable")) s.unstable = json_bool(j, "unstable");
  if (j.contains("steps")) s.steps = static_cast<int>(json_int(j, "steps", 0, 10000000));
  if (j.contains("init")) s.init = json_string(j, "init");
  if (j.contains("material")) s.material = json_string(j, "material");
  if (j.contains("painted")) {
    s.painted = json_string(j, "painted");
    if (!s.painted.empty()) {
      std::vector<float> m, f(size_t(p.cells()));  // checks the text before anything changes
      decode_painted(s.painted, p.cells(), m, f);
      if (!j.contains("material")) s.material = "painted";
    }
  }
  if (j.contains("variant")) {
    const std::string t = json_string(j, "variant");
    std::string ids;
    for (const auto& i : stencil::variant_infos())
      ids += std::string(ids.empty() ? "" : ", ") + i.id;
    WS_REQUIRE(stencil::parse_variant(t, p.variant),
               "--variant: unknown variant '" + t + "' (1-5 or " + ids + ")");
  }
  if (j.contains("tile")) p.tile = static_cast<int>(json_int(j, "tile", 1, 1024));
  if (j.contains("k")) p.steps_per_launch = static_cast<int>(json_int(j, "k", 1, 64));
  if (j.contains("colormap")) {
    const std::string t = json_string(j, "colormap");
    WS_REQUIRE(interop::parse_colormap(t, s.colormap),
               "--colormap: unknown '" + t + "' (viridis, inferno, coolwarm)");
  }
  if (j.contains("range")) {
    const auto [lo, hi] = json_range(j, "range");
    s.lo = static_cast<float>(lo);
    s.hi = static_cast<float>(hi);
  }
  if (j.contains("steps-per-frame"))
    s.steps_per_frame = static_cast<int>(json_int(j, "steps-per-frame", 1, 1000));
  if (j.contains("probes")) s.probes = json_points(j, "probes", 8);
  if (j.contains("slice")) {
    const std::string t = json_string(j, "slice");
    std::array<int, 3> c = {-1, -1, -1};
    char tail = 0;
    WS_REQUIRE(std::sscanf(t.c_str(), " %d , %d , %d %c", &c[0], &c[1], &c[2], &tail) == 3,
               "--slice expects X,Y,Z plane indices (-1 = the middle), got '" + t + "'");
    s.slice = c;
  }
  // A painted map belongs to its grid: a new size starts without it.
  if (p.cells() != current.grid.cells() && !j.contains("painted")) {
    s.painted.clear();
    if (s.material == "painted") s.material.clear();
  }
  stencil::Params checked = p;
  checked.r = s.alpha * s.dt;
  stencil::validate(checked);
  return s;
}

void require_teach_grid(const stencil::Params& p) {
  const int max = p.dim == 3 ? stencil::kTeachMax3D : stencil::kTeachMax2D;
  WS_REQUIRE(
      p.nx <= max && p.ny <= max && p.nz <= max,
      "teach mode traces every thread: the grid must be at most " + std::to_string(max) +
          (p.dim == 3 ? "^3" : "x" + std::to_string(max)) + ", got " + size_text(p) +
          (p.dim == 3 ? " (use --size 12 or --mode live)" : " (use --size 24 or --mode live)"));
}

void require_runnable(const HeatSettings& s) {
  const stencil::Params p = s.run_params();
  stencil::validate(p);
  WS_REQUIRE(s.unstable || stencil::is_stable(p),
             "alpha * dt = " + std::to_string(p.r) + " is above the stability limit " +
                 std::to_string(stencil::stability_limit(p.shape)) + " of the " +
                 stencil::shape_name(p.shape) +
                 " stencil: lower --dt or --alpha, or pass --unstable to watch it blow up");
  for (const auto& probe : s.probes)
    WS_REQUIRE(probe[0] < p.nx && probe[1] < p.ny && probe[2] < p.nz,
               "probe (" + std::to_string(probe[0]) + ", " + std::to_string(probe[1]) + ", " +
                   std::to_string(probe[2]) + ") is outside the " + std::to_string(p.nx) + "x" +
                   std::to_string(p.ny) + (p.dim == 3 ? "x" + std::to_string(p.nz) : "") + " grid");
}

}  // namespace ws::app
