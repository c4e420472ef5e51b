#include "transpose_mode.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scene_kit/panel_widgets.h"
#include "views/figure_parts.h"
#include "views/warp_access_list.h"

namespace ws::app {

namespace {

// A row-major rows x cols matrix as rows of numbers (null where unwritten).
nlohmann::json transpose_matrix_json(const std::vector<double>& values, int rows, int cols) {
  nlohmann::json out = nlohmann::json::array();
  for (int r = 0; r < rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < cols; ++c) row.push_back(number_or_null(values[size_t(r) * cols + c]));
    out.push_back(row);
  }
  return out;
}

// Every warp-level access of every step: the sectors and lines of a global one, the bank ways of
// a shared one (what the figure draws for the warp shown).
nlohmann::json transpose_accesses_json(const mem::TransposeRun& run) {
  nlohmann::json steps = nlohmann::json::array();
  for (int s = 0; s < int(run.trace.steps.size()); ++s) {
    nlohmann::json list = nlohmann::json::array();
    for (const WarpAccess& a : warp_access_list(run.trace, s)) {
      nlohmann::json j = {{"block", a.block},
                          {"warp", a.warp},
                          {"buffer", run.trace.buffers[size_t(a.buffer)].name},
                          {"kind", a.kind == EventKind::Read ? "read" : "write"},
                          {"lanes", a.threads.size()}};
      if (run.trace.buffers[size_t(a.buffer)].space == MemSpace::Global) {
        j["sectors"] = a.sectors;
        j["lines"] = a.lines;
      } else {
        j["bank_ways"] = a.ways;
      }
      list.push_back(j);
    }
    steps.push_back(list);
  }
  return steps;
}

nlohmann::json transpose_geometry_json(const mem::TransposeGeometry& g) {
  return {{"grid", {g.grid_x, g.grid_y}},
          {"block", {g.block_x, g.block_y}},
          {"tile", g.tile},
          {"pad", g.pad},
          {"over_output", g.over_output},
          {"diagonal", g.diagonal}};
}

}  // namespace

mem::TransposeRun TransposeMode::run(Backend backend, int which) const {
  const MemorySettings& s = settings();
  mem::TransposeTeachParams p;
  p.variant = which == 1 && s.transpose_compare ? *s.transpose_compare : s.transpose_variant;
  p.tile = s.transpose_tile;
  p.block_rows = std::min(s.block_rows, s.transpose_tile);
  return mem::teach_transpose(p, s.rows, s.cols, backend);
}

void TransposeMode::fill(RunJson& doc) const {
  const MemorySettings& s = settings();
  std::vector<float> in(size_t(s.rows) * s.cols);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = float(i);  // the kernels' input: in[i][j] = i cols + j
  const std::vector<float> expected = mem::transpose_reference(in, s.rows, s.cols);
  doc.input = {{"rows", s.rows}, {"cols", s.cols}, {"values", "in[i][j] = i * cols + j"}};
  doc.reference =
      transpose_matrix_json(std::vector<double>(expected.begin(), expected.end()), s.cols, s.rows);
  const TransposeTaught* t = taught();
  if (!t) return;
  const mem::TransposeRun& run = t->run;
  doc.result = transpose_matrix_json(run.output, run.cols, run.rows);
  bool matches = run.output.size() == expected.size();
  for (size_t i = 0; matches && i < expected.size(); ++i)
    matches = run.output[i] == double(expected[i]);
  doc.matches_reference = matches;
  doc.extra["variant"] = mem::transpose_info(run.params.variant).id;
  doc.extra["geometry"] = transpose_geometry_json(run.geometry);
  doc.extra["accesses"] = transpose_accesses_json(run);
  if (const TransposeTaught* c = taught(1))
    doc.extra["compare"] = {{"variant", mem::transpose_info(c->run.params.variant).id},
                            {"geometry", transpose_geometry_json(c->run.geometry)},
                            {"accesses", transpose_accesses_json(c->run)},
                            {"counters", counters_json(c->traced.counters)}};
  doc.summary = std::string(mem::transpose_info(run.params.variant).id) + ": " +
                std::to_string(run.rows) + "x" + std::to_string(run.cols) + " tile " +
                std::to_string(run.geometry.tile) + ", " +
                std::to_string(t->traced.counters.global_requests) + " sectors, " +
                std::to_string(t->traced.counters.global_lines) + " lines, " +
                std::to_string(t->traced.counters.bank_conflicts) + " bank conflicts; " +
                (matches ? "the transpose is right" : "the transpose is WRONG");
  if (timings_.available) {
    nlohmann::json rows = nlohmann::json::array();
    for (const TransposeTimingRow& r : timings_.rows_timed)
      rows.push_back({{"variant", mem::transpose_info(r.variant).id},
                      {"ms", r.timing.ms},
                      {"gbps", r.timing.gbps},
                      {"percent_of_copy", r.percent_of_copy}});
    doc.extra["timings"] = {{"rows", timings_.rows},
                            {"cols", timings_.cols},
                            {"copy_gbps", timings_.copy.kernel.gbps},
                            {"variants", rows}};
  }
}

void TransposeMode::tick(float /*dt*/) {
  try {
    if (std::optional<TransposeTimings> r = timing_work_.take()) timings_ = std::move(*r);
  } catch (const std::exception& e) {
    timing_error_ = e.what();
  }
}

void TransposeMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  const MemorySettings& s = settings();
  if (panel_section(tr("Transpose"), "mem-transpose")) {
    variant_controls(e, label_id(tr("variant"), "mem-tp-variant"), mem::transpose_infos(),
                     s.transpose_variant);
    const std::string other =
        variant_combo(label_id(tr("compare with"), "mem-tp-compare"), mem::transpose_infos(),
                      s.transpose_compare, " ", tr("none"));
    if (!other.empty()) e["compare"] = other == "none" ? "" : other;
    int rows = s.rows, cols = s.cols, tile = s.transpose_tile;
    if (ImGui::SliderInt(label_id(tr("rows"), "mem-tp-rows").c_str(), &rows, 1,
                         mem::kTransposeTeachMaxSide))
      e["rows"] = rows;
    if (ImGui::SliderInt(label_id(tr("columns"), "mem-tp-cols").c_str(), &cols, 1,
                         mem::kTransposeTeachMaxSide))
      e["cols"] = cols;
    int tile_log = int(std::log2(tile));
    if (ImGui::SliderInt(label_id(tr("tile edge (log2)"), "mem-tp-tile").c_str(), &tile_log, 2, 5,
                         std::to_string(1 << tile_log).c_str()))
      e["tile"] = 1 << tile_log;
    if (s.transpose_variant == mem::TransposeVariant::Fast) {
      int block_rows = s.block_rows;
      if (ImGui::SliderInt(label_id(tr("rows of threads (fast)"), "mem-tp-block-rows").c_str(),
                           &block_rows, 1, s.transpose_tile))
        e["block-rows"] = block_rows;
    }
  }
  if (!e.empty()) edit(e);
  const TransposeTaught* t = taught();
  if (!t) return;
  if (panel_section(tr("This step"), "mem-tp-step")) {
    const int warps = transpose_warp_count(t->run);
    int warp = std::clamp(shown_warp_, 0, warps - 1);
    if (warps > 1 &&
        ImGui::SliderInt(label_id(tr("warp shown"), "mem-tp-warp").c_str(), &warp, 0, warps - 1))
      shown_warp_ = warp;
    twin_check_line(t->traced.twin);
    const CountersColumn a{mem::transpose_info(t->run.params.variant).id, &t->traced.counters};
    if (const TransposeTaught* c = taught(1)) {
      const CountersColumn b{mem::transpose_info(c->run.params.variant).id, &c->traced.counters};
      counters_table("mem-tp-counters", a, &b, step(), {});
    } else {
      counters_table("mem-tp-counters", a, nullptr, step(), {});
    }
  }
  timing_panel();
}

void TransposeMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  const TransposeTaught* t = taught();
  if (!t) {
    draw_no_run(canvas, gfx::palette(theme), error());
    return;
  }
  draw_transpose_teach(canvas, theme, *t, taught(1), step(), shown_warp_, hover());
}

std::string TransposeMode::caption() const {
  const TransposeTaught* t = taught();
  if (!t) return error();
  if (step() >= int(t->run.trace.steps.size())) {
    const TransposeTaught* c = taught(1);
    return c && step() < int(c->run.trace.steps.size()) ? transpose_caption(*c, step(), shown_warp_)
                                                        : "";
  }
  return transpose_caption(*t, step(), shown_warp_);
}

}  // namespace ws::app
