// The heat scene's parameters: one parse for the command line, sessions and the panels of both
// modes (each key read once), the parameters as JSON, and the checks a run makes before it starts.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>

#include "common/error.h"
#include "heat_inputs.h"
#include "heat_scene.h"
#include "common/variant_table.h"

namespace ws::app {

namespace {

std::string probes_text(const std::vector<std::array<int, 3>>& probes, int dim) {
  std::string s;
  for (const auto& c : probes) {
    if (!s.empty()) s += ";";
    s += std::to_string(c[0]) + "," + std::to_string(c[1]);
    if (dim == 3) s += "," + std::to_string(c[2]);
  }
  return s;
}

// "X,Y,Z": three whole numbers (a sign allowed), spaces around each; nullopt for anything else.
std::optional<std::array<int, 3>> slice_planes(const std::string& text) {
  std::array<int, 3> planes{};
  const char* at = text.data();
  const char* const end = text.data() + text.size();
  const auto skip_spaces = [&] {
    while (at < end && *at == ' ') ++at;
  };
  for (int a = 0; a < 3; ++a) {
    skip_spaces();
    if (a > 0) {
      if (at == end || *at != ',') return std::nullopt;
      ++at;
      skip_spaces();
    }
    if (at < end && *at == '+' && at + 1 < end && *(at + 1) != '-') ++at;
    const auto [stop, error] = std::from_chars(at, end, planes[a]);
    if (error != std::errc()) return std::nullopt;
    at = stop;
  }
  skip_spaces();
  if (at != end) return std::nullopt;
  return planes;
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

std::string heat_size_text(const stencil::Params& p) {
  std::string s = std::to_string(p.nx) + "x" + std::to_string(p.ny);
  if (p.dim == 3) s += "x" + std::to_string(p.nz);
  return s;
}

std::string heat_number(const char* format, double v) {
  char text[64];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

void fit_steps_per_launch(stencil::Params& p) {
  if (p.variant != stencil::Variant::TemporalBlocked) return;
  const int most = (stencil::temporal_max_edge(p.dim) - p.tile) / 2;
  p.steps_per_launch = std::max(1, std::min(p.steps_per_launch, most));
}

std::vector<std::string> heat_variants(const HeatSettings& s) {
  std::vector<std::string> ids;
  for (const stencil::VariantInfo& v : stencil::variant_infos())
    if (v.dims == 0 || v.dims == s.grid.dim) ids.push_back(v.id);
  return ids;
}

nlohmann::json HeatScene::to_json(const HeatSettings& s, const std::string& /*mode*/) const {
  const stencil::Params& p = s.grid;
  char range[64];
  std::snprintf(range, sizeof range, "%g,%g", s.lo, s.hi);
  return {{"dim", p.dim},
          {"size", heat_size_text(p)},
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
          {"painted", s.material == "painted" ? s.painted : ""}};
}

void HeatScene::parse(HeatSettings& s, ParamReader& keys, std::string& /*mode*/) const {
  stencil::Params& p = s.grid;
  const int old_dim = p.dim;
  const stencil::Variant old_variant = p.variant;
  const stencil::Shape old_shape = p.shape;
  const int64_t old_cells = p.cells();
  if (const auto dim = keys.integer("dim", 2, 3)) p.dim = static_cast<int>(*dim);
  if (const auto d = keys.dims("size")) {
    if (!keys.has("dim") && d->size() == 3) p.dim = 3;
    if (!keys.has("dim") && d->size() == 2) p.dim = 2;
    WS_REQUIRE(!(p.dim == 2 && d->size() == 3),
               std::string("--size has three numbers but --dim is 2"));
    WS_REQUIRE(!(p.dim == 3 && d->size() == 2),
               std::string("--size has two numbers but --dim is 3 (give NxNxN or N)"));
    p.nx = (*d)[0];
    p.ny = d->size() > 1 ? (*d)[1] : (*d)[0];
    p.nz = p.dim == 3 ? (d->size() > 2 ? (*d)[2] : (*d)[0]) : 1;
  } else if (p.dim != old_dim) {
    p.nz = p.dim == 3 ? std::min(p.nx, 128) : 1;
    if (p.dim == 3) p.nx = p.ny = p.nz;
  }
  if (p.dim != old_dim && !keys.has("shape"))
    p.shape = p.dim == 3 ? stencil::Shape::Seven : stencil::Shape::Five;
  // A variant the new dimension does not run falls back to basic.
  const int variant_dims = stencil::info(p.variant).dims;
  if (p.dim != old_dim && !keys.has("variant") && variant_dims != 0 && variant_dims != p.dim)
    p.variant = stencil::Variant::Basic;
  if (const auto t = keys.text("shape"))
    WS_REQUIRE(stencil::parse_shape(*t, p.shape),
               "--shape: unknown stencil '" + *t + "' (5 or 9 in 2D, 7 in 3D)");
  if (const auto t = keys.text("boundary"))
    WS_REQUIRE(stencil::parse_boundary(*t, p.boundary),
               "--boundary: unknown '" + *t + "' (fixed, insulated, periodic)");
  // A new stencil shape starts from a stable step unless one is given: 80% of its limit.
  if (p.shape != old_shape && !keys.has("dt") && !keys.has("alpha") &&
      s.alpha * s.dt > stencil::stability_limit(p.shape))
    s.dt = 0.8f * stencil::stability_limit(p.shape) / s.alpha;
  if (const auto v = keys.number("alpha", 0, 1e6)) s.alpha = static_cast<float>(*v);
  if (const auto v = keys.number("dt", 0, 1e6)) s.dt = static_cast<float>(*v);
  if (const auto v = keys.flag("unstable")) s.unstable = *v;
  if (const auto v = keys.integer("steps", 0, 10000000)) s.steps = static_cast<int>(*v);
  if (const auto v = keys.text("init")) s.init = *v;
  if (const auto v = keys.text("material")) s.material = *v;
  if (const auto v = keys.text("painted")) {
    s.painted = *v;
    if (!s.painted.empty()) {
      std::vector<float> m, f(size_t(p.cells()));  // checks the text before anything changes
      decode_painted(s.painted, p.cells(), m, f);
      if (!keys.has("material")) s.material = "painted";
    }
  }
  if (const auto t = keys.text("variant")) {
    WS_REQUIRE(stencil::parse_variant(*t, p.variant),
               "--variant: unknown variant '" + *t + "' (1-5 or " +
                   variant_id_list(stencil::variant_infos()) + ")");
  }
  if (const auto v = keys.integer("tile", 1, 1024)) p.tile = static_cast<int>(*v);
  if (const auto v = keys.integer("k", 1, 64)) p.steps_per_launch = static_cast<int>(*v);
  // A switch to temporal blocking or to another dimension starts from a K that fits the tile.
  if ((p.dim != old_dim || p.variant != old_variant) && !keys.has("k")) fit_steps_per_launch(p);
  if (const auto t = keys.text("colormap"))
    WS_REQUIRE(interop::parse_colormap(*t, s.colormap),
               "--colormap: unknown '" + *t + "' (viridis, inferno, coolwarm)");
  if (const auto range = keys.range("range")) {
    s.lo = static_cast<float>(range->first);
    s.hi = static_cast<float>(range->second);
  }
  if (const auto v = keys.integer("steps-per-frame", 1, 1000))
    s.steps_per_frame = static_cast<int>(*v);
  if (const auto probes = keys.points("probes", 8)) s.probes = *probes;
  if (const auto t = keys.text("slice")) {
    const std::optional<std::array<int, 3>> planes = slice_planes(*t);
    WS_REQUIRE(planes.has_value(),
               "--slice expects X,Y,Z plane indices (-1 = the middle), got '" + *t + "'");
    s.slice = *planes;
  }
  // What a switch to teach mode keeps of the grid the edit gave (the teach limits' fit).
  s.teach_switch.dim = keys.has("dim");
  s.teach_switch.tile = keys.has("tile");
  s.teach_switch.k = keys.has("k");
  // A painted map belongs to its grid: a new size starts without it.
  if (p.cells() != old_cells && !keys.has("painted")) {
    s.painted.clear();
    if (s.material == "painted") s.material.clear();
  }
  stencil::Params checked = p;
  checked.r = s.alpha * s.dt;
  stencil::validate(checked);
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
                   std::to_string(probe[2]) + ") is outside the " + heat_size_text(p) + " grid");
}

}  // namespace ws::app
