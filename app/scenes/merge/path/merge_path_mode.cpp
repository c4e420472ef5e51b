#include "merge_path_mode.h"

#include <imgui.h>

#include <algorithm>
#include <utility>

#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/merge/merge_input.h"
#include "scenes/merge/merge_panels.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

nlohmann::json path_search_json(const std::vector<merge::CorankIteration>& passes) {
  nlohmann::json list = nlohmann::json::array();
  for (const merge::CorankIteration& it : passes)
    list.push_back({{"i_low", it.i_low},
                    {"j_low", it.j_low},
                    {"i", it.i},
                    {"j", it.j},
                    {"test", merge::corank_test_text(it.test)},
                    {"delta", it.delta},
                    {"a_prev", number_or_null(it.a_prev)},
                    {"b_here", number_or_null(it.b_here)},
                    {"b_prev", number_or_null(it.b_prev)},
                    {"a_here", number_or_null(it.a_here)},
                    {"i_after", it.i_after},
                    {"j_after", it.j_after}});
  return list;
}

nlohmann::json path_threads_json(const PathModel& model) {
  nlohmann::json list = nlohmann::json::array();
  for (const PathThread& t : model.threads) {
    const merge::ThreadRange& r = t.range;
    list.push_back({{"thread", r.thread},
                    {"block", r.block},
                    {"k_curr", r.k_curr},
                    {"k_next", r.k_next},
                    {"i_curr", r.i_curr},
                    {"j_curr", r.j_curr},
                    {"i_next", r.i_next},
                    {"j_next", r.j_next},
                    {"search_curr", path_search_json(t.search_curr)},
                    {"search_next", path_search_json(t.search_next)}});
  }
  return list;
}

// C as the stable merge defines it (std::stable_sort of A then B by key: equal keys keep A's
// first), with the tags.
std::pair<std::vector<double>, std::vector<uint32_t>> path_reference(
    const merge::MergeTeachRun& r) {
  std::vector<std::pair<double, uint32_t>> all;
  for (size_t i = 0; i < r.a.size(); ++i) all.push_back({r.a[i], r.a_values[i]});
  for (size_t j = 0; j < r.b.size(); ++j) all.push_back({r.b[j], r.b_values[j]});
  std::stable_sort(all.begin(), all.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::pair<std::vector<double>, std::vector<uint32_t>> out;
  for (const auto& [key, value] : all) {
    out.first.push_back(key);
    out.second.push_back(value);
  }
  return out;
}

nlohmann::json path_numbers(const std::vector<double>& values) {
  nlohmann::json list = nlohmann::json::array();
  for (double v : values) list.push_back(number_or_null(v));
  return list;
}

}  // namespace

merge::MergeTeachRun MergePathMode::run(Backend backend, int /*which*/) const {
  const MergeSettings& s = settings();
  const merge::MergeInput in = merge_input_of(s);
  merge::MergeTeachParams p;
  p.variant = s.path_variant;
  p.block_dim = s.threads;
  p.blocks = s.blocks;
  p.items = s.items;
  p.key_type = s.key_type;
  return merge::teach_merge(p, in.a, in.b, backend, in.a_values, in.b_values);
}

void MergePathMode::fill(RunJson& doc) const {
  const MergeTaught* t = taught();
  if (!t) return;
  const merge::MergeTeachRun& run = t->run;
  const MergeSettings& s = settings();
  doc.input = {{"a", path_numbers(run.a)},
               {"b", path_numbers(run.b)},
               {"keys", merge::key_type_id(run.params.key_type)},
               {"source", merge_input_label(s)}};
  const auto [ref_keys, ref_values] = path_reference(run);
  doc.reference = path_numbers(ref_keys);
  doc.result = path_numbers(run.c);
  bool matches = run.c == ref_keys;
  if (s.pairs) {
    doc.input["a_values"] = run.a_values;
    doc.input["b_values"] = run.b_values;
    doc.extra["c_values"] = run.c_values;
    doc.extra["reference_values"] = ref_values;
    matches = matches && run.c_values == ref_values;
  }
  doc.matches_reference = matches;
  doc.extra["variant"] = merge::merge_info(run.params.variant).id;
  doc.extra["launch"] = {{"threads_per_block", run.params.block_dim},
                         {"blocks", run.params.blocks},
                         {"items", run.params.items},
                         {"threads", model_.threads.size()}};
  doc.extra["threads"] = path_threads_json(model_);
  nlohmann::json coranks = nlohmann::json::array();
  for (size_t k = 0; k < model_.corank_i.size(); ++k)
    coranks.push_back({{"k", k}, {"i", model_.corank_i[k]}, {"j", int(k) - model_.corank_i[k]}});
  doc.extra["co_ranks"] = coranks;
  doc.summary = std::string(merge::merge_info(run.params.variant).id) + ": " +
                std::to_string(run.a.size()) + " + " + std::to_string(run.b.size()) + " keys by " +
                std::to_string(model_.threads.size()) +
                (model_.threads.size() == 1 ? " thread in " : " threads in ") +
                std::to_string(run.trace.steps.size()) + " steps; " +
                (matches ? "C is the stable merge" : "C is WRONG");
}

void MergePathMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  const MergeSettings& s = settings();
  if (panel_section(tr("Merge path"), "merge-path")) {
    std::vector<merge::MergeInfo> shown;
    for (const merge::MergeInfo& i : merge::merge_infos())
      if (!merge::uses_tiles(i.variant)) shown.push_back(i);
    variant_controls(e, label_id(tr("variant"), "merge-path-variant"), shown, s.path_variant);
    int threads = s.threads, blocks = s.blocks, items = s.items;
    if (s.path_variant != merge::MergeVariant::Sequential) {
      if (ImGui::SliderInt(label_id(tr("threads per block"), "merge-threads").c_str(), &threads, 1,
                           merge::kMergeTeachMaxBlockDim))
        e["threads"] = threads;
    }
    if (s.path_variant == merge::MergeVariant::Basic &&
        ImGui::SliderInt(label_id(tr("blocks"), "merge-blocks").c_str(), &blocks, 1,
                         merge::kMergeTeachMaxBlocks))
      e["blocks"] = blocks;
    if (s.path_variant == merge::MergeVariant::Fast &&
        ImGui::SliderInt(label_id(tr("outputs a thread"), "merge-items").c_str(), &items, 1,
                         merge::kMergeTeachMaxItems))
      e["items"] = items;
    const int count = static_cast<int>(model_.threads.size());
    int shown_thread = path_shown_thread(model_, shown_thread_);
    if (count > 1 && ImGui::SliderInt(label_id(tr("thread followed"), "merge-shown").c_str(),
                                      &shown_thread, 0, count - 1))
      shown_thread_ = shown_thread;
  }
  merge_input_controls(s, e);
  if (!e.empty()) edit(e);
  const MergeTaught* t = taught();
  if (!t) return;
  if (panel_section(tr("This step"), "merge-path-step")) {
    twin_check_line(t->traced.twin);
    const CountersColumn a{merge::merge_info(t->run.params.variant).id, &t->traced.counters};
    counters_table("merge-path-counters", a, nullptr, step(), {});
  }
  fast_mode(27, tr("the merges at full size (keys a side) against CUB DeviceMerge and "
                   "thrust::merge, the variant shown and its key type (CUDA)"));
}

void MergePathMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  const MergeTaught* t = taught();
  if (!t) {
    draw_no_run(canvas, gfx::palette(theme), error());
    return;
  }
  draw_merge_path_teach(canvas, theme, *t, model_, step(), path_shown_thread(model_, shown_thread_),
                        settings().pairs, hover());
}

std::string MergePathMode::caption() const {
  const MergeTaught* t = taught();
  if (!t) return error();
  return path_caption(*t, model_, step(), path_shown_thread(model_, shown_thread_));
}

}  // namespace ws::app
