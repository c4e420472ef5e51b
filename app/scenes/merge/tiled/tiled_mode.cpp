#include "tiled_mode.h"

#include <imgui.h>

#include <algorithm>
#include <iterator>

#include "i18n/i18n.h"
#include "scenes/merge/merge_input.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

nlohmann::json tiled_keys_json(const std::vector<double>& keys) {
  nlohmann::json out = nlohmann::json::array();
  for (double k : keys) out.push_back(number_or_null(k));
  return out;
}

nlohmann::json tiled_loads_json(const MergeLoads& l) {
  const double outputs = double(std::max<int64_t>(1, l.outputs));
  return {{"variant", merge::merge_info(l.variant).id},
          {"outputs", l.outputs},
          {"tile_loads", l.tile_loads},
          {"other_reads", l.other_reads},
          {"loads_per_output", l.loads_per_output()},
          {"sectors", l.sectors},
          {"sectors_per_output", double(l.sectors) / outputs},
          {"most_tile_loads_of_a_key", l.most_loads_of_a_key},
          {"fewest_tile_loads_of_a_key", l.fewest_loads_of_a_key}};
}

}  // namespace

merge::MergeTeachRun TiledMode::run(Backend backend, int /*which*/) const {
  const MergeSettings& s = settings();
  const merge::MergeInput in = merge_input_of(s);
  merge::MergeTeachParams p;
  p.variant = s.tiled_variant;
  p.block_dim = s.tile_threads;
  p.blocks = s.tile_blocks;
  p.tile = s.tile;
  p.key_type = s.key_type;
  return merge::teach_merge(p, in.a, in.b, backend, in.a_values, in.b_values);
}

void TiledMode::analyse() {
  loads_.clear();
  if (const TiledTaught* t = taught()) loads_ = compared_loads(t->run);
}

int TiledMode::shown_block() const {
  const TiledTaught* t = taught();
  return t ? std::clamp(block_, 0, std::max(0, t->run.params.blocks - 1)) : 0;
}

void TiledMode::fill(RunJson& doc) const {
  const TiledTaught* t = taught();
  if (!t) return;
  const merge::MergeTeachRun& run = t->run;
  doc.input = {{"a", tiled_keys_json(run.a)},
               {"b", tiled_keys_json(run.b)},
               {"source", merge_input_label(settings())}};
  // std::merge is stable: on equal keys it takes the first range's (A's) first.
  std::vector<std::pair<double, uint32_t>> a, b, c;
  for (size_t i = 0; i < run.a.size(); ++i) a.push_back({run.a[i], run.a_values[i]});
  for (size_t i = 0; i < run.b.size(); ++i) b.push_back({run.b[i], run.b_values[i]});
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(c),
             [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<double> want_keys;
  std::vector<uint32_t> want_values;
  for (const auto& [k, v] : c) {
    want_keys.push_back(k);
    want_values.push_back(v);
  }
  doc.reference = {{"keys", tiled_keys_json(want_keys)}, {"values", want_values}};
  doc.result = {{"keys", tiled_keys_json(run.c)}, {"values", run.c_values}};
  const bool matches = run.c == want_keys && run.c_values == want_values;
  doc.matches_reference = matches;
  nlohmann::json loads = nlohmann::json::array();
  for (const MergeLoads& l : loads_) loads.push_back(tiled_loads_json(l));
  nlohmann::json iterations = nlohmann::json::array();
  for (const merge::TileIteration& it : run.iterations)
    iterations.push_back({{"block", it.block},
                          {"iteration", it.iteration},
                          {"A_consumed", it.A_consumed},
                          {"B_consumed", it.B_consumed},
                          {"C_completed", it.C_completed},
                          {"A_S_start", it.A_S_start},
                          {"B_S_start", it.B_S_start},
                          {"A_loaded", it.A_loaded},
                          {"B_loaded", it.B_loaded},
                          {"A_used", it.A_used},
                          {"B_used", it.B_used},
                          {"outputs", it.outputs}});
  const merge::MergeInfo& info = merge::merge_info(run.params.variant);
  doc.extra["variant"] = info.id;
  doc.extra["launch"] = {{"tile", run.params.tile},
                         {"block_dim", run.params.block_dim},
                         {"blocks", run.params.blocks}};
  doc.extra["iterations"] = iterations;
  doc.extra["loads"] = loads;
  doc.summary =
      std::string(info.id) + ": " + std::to_string(run.a.size()) + " + " +
      std::to_string(run.b.size()) + " keys, tile " + std::to_string(run.params.tile) + ", " +
      std::to_string(run.iterations.size()) + " block iterations; " +
      (matches ? "merged as std::merge merges them" : "the output differs from std::merge's");
}

void TiledMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  const MergeSettings& s = settings();
  if (panel_section(tr("Tiled merge"), "mg-tiled")) {
    for (merge::MergeVariant v : {merge::MergeVariant::Tiled, merge::MergeVariant::Circular}) {
      const merge::MergeInfo& info = merge::merge_info(v);
      if (ImGui::RadioButton(label_id(tr_text(info.title).c_str(), info.id).c_str(),
                             s.tiled_variant == v))
        e["variant"] = info.id;
    }
    wrapped_text(tr_text(merge::merge_info(s.tiled_variant).lesson));
    int threads = s.tile_threads, tile = s.tile / s.tile_threads, blocks = s.tile_blocks;
    if (ImGui::SliderInt(label_id(tr("threads a block"), "mg-tiled-threads").c_str(), &threads, 1,
                         16)) {
      e["tile-threads"] = threads;
      e["tile"] = threads * tile;
    }
    if (ImGui::SliderInt(label_id(tr("tile_size / threads"), "mg-tiled-tile").c_str(), &tile, 1,
                         std::max(1, merge::kMergeTeachMaxTile / s.tile_threads),
                         std::to_string(s.tile_threads * tile).c_str()))
      e["tile"] = s.tile_threads * tile;
    if (ImGui::SliderInt(label_id(tr("blocks"), "mg-tiled-blocks").c_str(), &blocks, 1,
                         merge::kMergeTeachMaxBlocks))
      e["tile-blocks"] = blocks;
  }
  if (panel_section(tr("Beside the book"), "mg-tiled-book", false))
    wrapped_text(tr_text(merge::merge_info(s.tiled_variant).book_note));
  if (!e.empty()) edit(e);
  const TiledTaught* t = taught();
  if (!t) return;
  if (panel_section(tr("This step"), "mg-tiled-step")) {
    int block = shown_block();
    if (t->run.params.blocks > 1 &&
        ImGui::SliderInt(label_id(tr("block shown"), "mg-tiled-block").c_str(), &block, 0,
                         t->run.params.blocks - 1))
      block_ = block;
    twin_check_line(t->traced.twin);
    const CountersColumn a{merge::merge_info(t->run.params.variant).id, &t->traced.counters};
    counters_table("mg-tiled-counters", a, nullptr, step(), {});
  }
  fast_mode(28, tr("The merge at full size: this variant against CUB's DeviceMerge, thrust::merge "
                   "and a copy of the same bytes."));
}

void TiledMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  const TiledTaught* t = taught();
  if (!t) {
    draw_no_run(canvas, gfx::palette(theme), error());
    return;
  }
  draw_tiled_teach(canvas, theme, *t, loads_, step(), shown_block(), hover());
}

std::string TiledMode::caption() const {
  const TiledTaught* t = taught();
  return t ? tiled_caption(*t, step(), shown_block()) : error();
}

}  // namespace ws::app
