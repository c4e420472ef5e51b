#include "networks_mode.h"

#include <imgui.h>

#include <cmath>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scenes/merge/merge_input.h"
#include "scenes/merge/sort/sort_run.h"
#include "views/figure_parts.h"

namespace ws::app {

merge::SortTeachRun NetworksMode::run(Backend backend, int /*which*/) const {
  const MergeSettings& s = settings();
  const merge::SortInput in = sort_input_of(s);
  merge::SortTeachParams p;
  p.variant = s.network_variant;
  p.key_type = s.key_type;
  p.block_dim = s.sort_threads;
  return merge::teach_sort(p, in.keys, backend, s.pairs ? in.values : std::vector<uint32_t>{});
}

void NetworksMode::analyse() {
  if (const NetworkTaught* t = taught()) facts_ = network_facts(t->run);
}

void NetworksMode::fill(RunJson& doc) const {
  const NetworkTaught* t = taught();
  if (!t) return;
  const merge::SortTeachRun& run = t->run;
  fill_sort_result(doc, run, sort_input_label(settings()), settings().pairs);
  const merge::Network& net = run.network;
  const int32_t wires = net.wires;
  const bool bitonic = net.kind == merge::NetworkKind::Bitonic;
  nlohmann::json stages = nlohmann::json::array();
  for (size_t s = 0; s < net.stages.size(); ++s) {
    const merge::NetworkStage& stage = net.stages[s];
    nlohmann::json j = {{"k", stage.k},
                        {"j", stage.j},
                        {"memory", facts_.stage_shared[s] ? "shared" : "global"},
                        {"comparators", stage.comparators.size()},
                        {"threads", stage.threads}};
    if (const int step = facts_.stage_step[s]; step >= 0) {
      const StepCounters& k = t->traced.counters.per_step.at(size_t(step));
      j["step"] = step;
      j["active_threads"] = k.active_threads;
      j["divergent_warps"] = k.divergent_warps;
      j["bank_conflicts"] = k.bank_conflicts;
    }
    stages.push_back(j);
  }
  doc.extra["variant"] = merge::sort_info(run.params.variant).id;
  doc.extra["network"] = {
      {"kind", merge::network_kind_id(net.kind)},
      {"wires", wires},
      {"padding_wires", wires - net.n},
      {"stages", net.stages.size()},
      {"stage_formula", merge::network_stage_formula(wires)},
      {"comparators", net.comparator_count()},
      {"comparator_formula", bitonic ? merge::bitonic_comparator_formula(wires)
                                     : merge::odd_even_merge_comparator_formula(wires)},
      {"tile", run.tile},
      {"block_dim", run.params.block_dim},
      {"grid_dim", run.grid_dim},
      {"stage_list", stages}};
}

void NetworksMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  const MergeSettings& s = settings();
  if (panel_section(tr("Sorting network"), "mg-net")) {
    for (merge::SortVariant v : {merge::SortVariant::Bitonic, merge::SortVariant::OddEven}) {
      const merge::SortInfo& info = merge::sort_info(v);
      if (ImGui::RadioButton(label_id(tr_text(info.title).c_str(), info.id).c_str(),
                             s.network_variant == v))
        e["variant"] = info.id;
    }
    int threads_log = int(std::log2(s.sort_threads));
    if (ImGui::SliderInt(label_id(tr("threads a block (log2)"), "mg-net-threads").c_str(),
                         &threads_log, 1, 6, std::to_string(1 << threads_log).c_str()))
      e["sort-threads"] = 1 << threads_log;
    wrapped_text(
        tr("A block sorts a tile of twice its threads in shared memory; stages whose "
           "distance reaches past the tile run on global memory, one launch each."));
  }
  if (panel_section(tr("Beside the book"), "mg-net-book", false))
    wrapped_text(tr_text(merge::sort_info(s.network_variant).book_note));
  if (!e.empty()) edit(e);
  const NetworkTaught* t = taught();
  if (!t) return;
  if (panel_section(tr("This step"), "mg-net-step")) {
    wrapped_text(network_counts_text(t->run, facts_));
    twin_check_line(t->traced.twin);
    const CountersColumn a{merge::sort_info(t->run.params.variant).id, &t->traced.counters};
    counters_table("mg-net-counters", a, nullptr, step(), {});
  }
  fast_mode(28, tr("The sort at full size: this variant against CUB's DeviceMergeSort and "
                   "DeviceRadixSort."));
}

void NetworksMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  const NetworkTaught* t = taught();
  if (!t) {
    draw_no_run(canvas, gfx::palette(theme), error());
    return;
  }
  draw_network_teach(canvas, theme, *t, facts_, step(), hover());
}

std::string NetworksMode::caption() const {
  const NetworkTaught* t = taught();
  return t ? network_caption(*t, facts_, step()) : error();
}

}  // namespace ws::app
