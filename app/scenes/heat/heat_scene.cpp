#include "heat_scene.h"

#include <algorithm>

#include "heat_report.h"
#include "stencil_bench.h"

namespace ws::app {

namespace {

// A switch to teach mode without a size: a grid too big to trace becomes the one the teach
// panel's dimension buttons pick (24x24, 12x12x12) with a tile that suits it (8, 4) unless the
// edit gave one, and a K that fits that tile (temporal blocking) unless the edit gave one. An edit
// that gave the dimension keeps the grid it implies (and is refused).
void fit_teach_grid(HeatSettings& s, int side, int tile) {
  if (s.teach_switch.dim) return;
  stencil::Params& p = s.grid;
  p.nx = p.ny = side;
  p.nz = p.dim == 3 ? side : 1;
  if (!s.teach_switch.tile) p.tile = tile;
  if (!s.teach_switch.k) fit_steps_per_launch(p);
  s.painted.clear();  // a painted map belongs to its grid
  if (s.material == "painted") s.material.clear();
  stencil::validate(s.run_params());
}

// Teach mode traces every thread of one launch: the grid must be small. One row per dimension.
ModeLimit<HeatSettings> teach_grid_limit(int dim) {
  const int max = dim == 3 ? stencil::kTeachMax3D : stencil::kTeachMax2D;
  ModeLimit<HeatSettings> limit;
  limit.key = "size";
  limit.value = [dim](const HeatSettings& s) -> std::optional<int64_t> {
    const stencil::Params& p = s.grid;
    if (p.dim != dim) return std::nullopt;
    return std::max({p.nx, p.ny, p.nz});
  };
  limit.min = 1;
  limit.max = max;
  limit.message =
      "teach mode traces every thread: the grid must be at most " + std::to_string(max) +
      (dim == 3 ? "^3" : "x" + std::to_string(max)) + ", got {0}" +
      (dim == 3 ? " (use --size 12 or --mode live)" : " (use --size 24 or --mode live)");
  limit.fit = [dim](HeatSettings& s) { fit_teach_grid(s, dim == 3 ? 12 : 24, dim == 3 ? 4 : 8); };
  limit.shown = [](const HeatSettings& s) { return heat_size_text(s.grid); };
  return limit;
}

}  // namespace

HeatScene::HeatScene() : ModalScene("heat", TR_NOOP("Heat flow (stencil)")) {
  const auto live =
      SceneCapabilities().with_steps(false).with_live().with_grid_size().with_image().with_bench();
  const auto teach = SceneCapabilities(live).with_steps(true).with_live(false);
  // Both modes: lecture mode's keys choose among the variants of the grid's dimension, and the
  // code panel shows the variant's kernel (the teach step's statement highlighted).
  add_mode({"live",
            TR_NOOP("live simulation"),
            std::make_unique<HeatLiveMode>(),
            live,
            {},
            heat_variants,
            heat_kernel_source});
  add_mode({"teach",
            TR_NOOP("teach one launch"),
            std::make_unique<HeatTeachMode>(),
            teach,
            {teach_grid_limit(2), teach_grid_limit(3)},
            heat_variants,
            heat_kernel_source});
  // One benchmark for both modes: every stencil variant per time step.
  set_bench([](const BenchRequest& r, const std::string&) { return bench::heat_bench_job(r); });
}

const stencil::Simulation* HeatScene::simulation() const {
  const HeatLiveMode* live = find_mode<HeatLiveMode>("live");
  return &active() == live ? live->simulation() : nullptr;
}

nlohmann::json HeatScene::params_for_file(const FileInfo& file) const {
  if (file.kind != FileKind::Image) return nullptr;
  return {{"init", "image:" + file.path}};
}

}  // namespace ws::app
