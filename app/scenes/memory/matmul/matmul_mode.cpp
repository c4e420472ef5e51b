#include "matmul_mode.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scene_kit/panel_widgets.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

nlohmann::json mm_matrix_json(const std::vector<double>& values, int rows, int cols) {
  nlohmann::json out = nlohmann::json::array();
  for (int r = 0; r < rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < cols; ++c) row.push_back(number_or_null(values[size_t(r) * cols + c]));
    out.push_back(row);
  }
  return out;
}

nlohmann::json mm_float_json(const mem::FloatMatrix& m) {
  return mm_matrix_json(std::vector<double>(m.values.begin(), m.values.end()), m.rows, m.cols);
}

// PMPP Fig. 5.7's table for one block: per load step, which thread loads which element.
nlohmann::json mm_loads_json(const mem::MatmulTeachRun& run, int block) {
  nlohmann::json out = nlohmann::json::array();
  for (const MatmulLoad& l : matmul_loads(run, block))
    out.push_back({{"step", l.step},
                   {"phase_label", run.trace.steps[size_t(l.step)].label},
                   {"thread", l.thread},
                   {"tx", l.tx},
                   {"ty", l.ty},
                   {"matrix", l.of_m ? "M" : "N"},
                   {"row", l.row},
                   {"col", l.col}});
  return out;
}

nlohmann::json mm_geometry_json(const mem::MatmulTeachGeometry& g) {
  return {{"grid", {g.grid_x, g.grid_y}},
          {"block", {g.block_x, g.block_y}},
          {"tile_m", g.tile_m},
          {"tile_n", g.tile_n},
          {"tile_k", g.tile_k},
          {"phases", g.phases},
          {"outputs_per_thread", g.outputs_per_thread}};
}

nlohmann::json mm_roofline_json(const MatmulRoofline& r) {
  nlohmann::json points = nlohmann::json::array();
  for (const RooflinePoint& p : r.points)
    points.push_back({{"name", p.name},
                      {"op_per_byte", p.op_per_byte},
                      {"gflops", p.gflops},
                      {"ms", p.ms},
                      {"measured", p.measured},
                      {"note", p.note}});
  return {{"device", r.device},
          {"assumed", r.assumed},
          {"peak_gflops", r.peak_gflops},
          {"bandwidth_gbps", r.bandwidth_gbps},
          {"ridge_op_per_byte", r.ridge()},
          {"size", r.side},
          {"tile", r.tile},
          {"points", points}};
}

bool mm_any_measured(const MatmulRoofline& r) {
  return std::any_of(r.points.begin(), r.points.end(),
                     [](const RooflinePoint& p) { return p.measured; });
}

}  // namespace

void MatmulMode::prepare() {
  const MemorySettings& s = settings();
  m_ = matmul_teach_m(s.matmul_m, s.matmul_k);
  n_ = matmul_teach_n(s.matmul_k, s.matmul_n);
  if (!mm_any_measured(roof_))
    roof_ = matmul_model_roofline(backend(), kMatmulTimedSides[std::clamp(measure_side_, 0, 2)],
                                  kMatmulTimedTiles[std::clamp(measure_tile_, 0, 2)]);
}

mem::MatmulTeachRun MatmulMode::run(Backend backend, int which) const {
  const MemorySettings& s = settings();
  mem::MatmulTeachParams p;
  p.variant = which == 1 && s.matmul_compare ? *s.matmul_compare : s.matmul_variant;
  p.tile = s.tile_width;
  p.coarse_factor = s.coarse_factor;
  p.thread_tile = s.thread_tile;
  return mem::teach_matmul(p, m_, n_, backend);
}

void MatmulMode::fill(RunJson& doc) const {
  doc.input = {{"m", m_.rows},
               {"k", m_.cols},
               {"n", n_.cols},
               {"M", mm_float_json(m_)},
               {"N", mm_float_json(n_)}};
  const std::vector<double> exact = mem::matmul_reference(m_, n_);
  doc.reference = mm_matrix_json(exact, m_.rows, n_.cols);
  const MatmulTaught* t = taught();
  if (!t) return;
  const mem::MatmulTeachRun& run = t->run;
  doc.result = mm_matrix_json(run.output, run.I, run.K);
  // Whole numbers up to 5 x 5 x 16 = 400: every float sum is exact.
  bool matches = run.output.size() == exact.size();
  for (size_t i = 0; matches && i < exact.size(); ++i) matches = run.output[i] == exact[i];
  doc.matches_reference = matches;
  doc.extra["variant"] = mem::matmul_info(run.params.variant).id;
  doc.extra["geometry"] = mm_geometry_json(run.geometry);
  doc.extra["loads"] = mm_loads_json(
      run, std::clamp(shown_block_, 0, run.geometry.grid_x * run.geometry.grid_y - 1));
  doc.extra["block_shown"] = shown_block_;
  const mem::MatmulTraffic traffic =
      mem::matmul_traffic(run.params.variant, run.I, run.J, run.K, run.params.tile,
                          run.params.coarse_factor, run.params.thread_tile);
  doc.extra["traffic"] = {{"bytes_loaded", traffic.bytes_loaded},
                          {"bytes_stored", traffic.bytes_stored},
                          {"flops", traffic.flops},
                          {"op_per_byte", traffic.op_per_byte}};
  doc.extra["roofline"] = mm_roofline_json(roof_);
  if (const MatmulTaught* c = taught(1))
    doc.extra["compare"] = {{"variant", mem::matmul_info(c->run.params.variant).id},
                            {"geometry", mm_geometry_json(c->run.geometry)},
                            {"counters", counters_json(c->traced.counters)}};
  doc.summary = std::string(mem::matmul_info(run.params.variant).id) + ": P = M N, " +
                std::to_string(run.I) + "x" + std::to_string(run.J) + " times " +
                std::to_string(run.J) + "x" + std::to_string(run.K) + ", TILE_WIDTH " +
                std::to_string(run.params.tile) + ", " + std::to_string(run.geometry.phases) +
                " phases, " + std::to_string(t->traced.counters.barriers) + " barriers; " +
                (matches ? "matches the exact product" : "DIFFERS from the exact product");
}

void MatmulMode::tick(float /*dt*/) {
  try {
    if (std::optional<MatmulRoofline> r = measure_.take()) roof_ = std::move(*r);
  } catch (const std::exception& e) {
    measure_error_ = e.what();
  }
}

void MatmulMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  const MemorySettings& s = settings();
  if (panel_section(tr("Matrix multiplication"), "mem-matmul")) {
    variant_controls(e, label_id(tr("variant"), "mem-mm-variant"), mem::matmul_variant_infos(),
                     s.matmul_variant);
    const std::string other =
        variant_combo(label_id(tr("compare with"), "mem-mm-compare"), mem::matmul_variant_infos(),
                      s.matmul_compare, " ", tr("none"));
    if (!other.empty()) e["compare"] = other == "none" ? "" : other;
    int tile = s.tile_width;
    if (ImGui::SliderInt(label_id(tr("TILE_WIDTH"), "mem-mm-tile").c_str(), &tile,
                         mem::kMatmulTeachMinTile, mem::kMatmulTeachMaxTile))
      e["tile"] = tile;
    int m = s.matmul_m, n = s.matmul_n, k = s.matmul_k;
    if (ImGui::SliderInt(label_id(tr("m (rows of M and P)"), "mem-mm-m").c_str(), &m, 1,
                         mem::kMatmulTeachMaxSide))
      e["m"] = m;
    if (ImGui::SliderInt(label_id(tr("k (columns of M, rows of N)"), "mem-mm-k").c_str(), &k, 1,
                         mem::kMatmulTeachMaxSide))
      e["k"] = k;
    if (ImGui::SliderInt(label_id(tr("n (columns of N and P)"), "mem-mm-n").c_str(), &n, 1,
                         mem::kMatmulTeachMaxSide))
      e["n"] = n;
    if (ImGui::SmallButton(label_id(tr("Fig. 5.7: 4x4, TILE_WIDTH 2"), "mem-mm-fig57").c_str())) {
      e["size"] = 4;
      e["tile"] = 2;
    }
    ImGui::SameLine();
    if (ImGui::SmallButton(label_id(tr("8x8, TILE_WIDTH 4"), "mem-mm-8x8").c_str())) {
      e["size"] = 8;
      e["tile"] = 4;
    }
    if (s.matmul_variant == mem::MatmulVariant::Coarsened) {
      int coarse = s.coarse_factor;
      if (ImGui::SliderInt(label_id(tr("COARSE_FACTOR"), "mem-mm-coarse").c_str(), &coarse, 1, 4))
        e["coarse"] = coarse;
    }
    if (int(s.matmul_variant) >= int(mem::MatmulVariant::RegisterTiled)) {
      int tt = s.thread_tile;
      if (ImGui::SliderInt(label_id(tr("outputs per thread (a side)"), "mem-mm-tt").c_str(), &tt, 1,
                           4))
        e["thread-tile"] = tt;
    }
  }
  if (!e.empty()) edit(e);
  const MatmulTaught* t = taught();
  if (!t) return;
  if (panel_section(tr("This step"), "mem-mm-step")) {
    const int blocks = t->run.geometry.grid_x * t->run.geometry.grid_y;
    if (blocks > 1) {
      int block = std::clamp(shown_block_, 0, blocks - 1);
      if (ImGui::SliderInt(label_id(tr("block shown"), "mem-mm-block").c_str(), &block, 0,
                           blocks - 1))
        shown_block_ = block;
    }
    twin_check_line(t->traced.twin);
    const CountersColumn a{mem::matmul_info(t->run.params.variant).id, &t->traced.counters};
    if (const MatmulTaught* c = taught(1)) {
      const CountersColumn b{mem::matmul_info(c->run.params.variant).id, &c->traced.counters};
      counters_table("mem-mm-counters", a, &b, step(), {});
    } else {
      counters_table("mem-mm-counters", a, nullptr, step(), {});
    }
  }
  measure_panel();
}

void MatmulMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  const MatmulTaught* t = taught();
  if (!t) {
    draw_no_run(canvas, gfx::palette(theme), error());
    return;
  }
  draw_matmul_teach(canvas, theme, *t, taught(1), step(), shown_block_, roof_, hover());
}

std::string MatmulMode::caption() const {
  const MatmulTaught* t = taught();
  if (!t) return error();
  if (step() >= int(t->run.trace.steps.size())) {
    const MatmulTaught* c = taught(1);
    return c && step() < int(c->run.trace.steps.size()) ? matmul_caption(*c, step(), shown_block_)
                                                        : "";
  }
  return matmul_caption(*t, step(), shown_block_);
}

}  // namespace ws::app
