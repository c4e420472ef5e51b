#include "sort_mode.h"

#include <imgui.h>

#include <cmath>

#include "i18n/i18n.h"
#include "scenes/merge/merge_input.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

// Where the radix sort lives (the scan scene's radix mode): the panel's link.
constexpr const char* kRadixScene = "scan";
constexpr const char* kRadixMode = "radix";

}  // namespace

merge::SortTeachRun SortMode::run(Backend backend, int /*which*/) const {
  const MergeSettings& s = settings();
  const merge::SortInput in = sort_input_of(s);
  merge::SortTeachParams p;
  p.variant = merge::SortVariant::MergeSort;  // the fast sort is taught as merge sort
  p.key_type = s.key_type;
  p.block_dim = s.sort_threads;
  p.per_thread = s.per_thread;
  return merge::teach_sort(p, in.keys, backend, s.pairs ? in.values : std::vector<uint32_t>{});
}

void SortMode::check(const MergeSettings& next) const {
  check_merge_at(next, int(sort_input_of(next).keys.size()));
}

void SortMode::fill(RunJson& doc) const {
  const SortTaught* t = taught();
  if (!t) return;
  const merge::SortTeachRun& run = t->run;
  fill_sort_result(doc, run, sort_input_label(settings()), true);
  nlohmann::json passes = nlohmann::json::array();
  for (const merge::MergePass& mp : run.passes) {
    nlohmann::json merges = nlohmann::json::array();
    for (const merge::MergePiece& m : mp.merges)
      merges.push_back({{"a", {m.a_begin, m.a_end}},
                        {"b", {m.b_begin, m.b_end}},
                        {"threads", {m.first_thread, m.last_thread}}});
    passes.push_back(
        {{"width", mp.width}, {"merges", merges}, {"thread_pieces", mp.ranges.size()}});
  }
  doc.extra["variant"] = merge::sort_info(settings().sort_variant).id;
  doc.extra["taught_as"] = merge::sort_info(run.params.variant).id;
  doc.extra["passes"] = passes;
  doc.extra["pass_count"] = run.passes.size();
  doc.extra["per_thread"] = run.params.per_thread;
  doc.extra["block_dim"] = run.params.block_dim;
  int pass = 0, index = 0;
  if (selected_merge(run, settings(), step(), pass, index))
    doc.extra["merge_at"] = {{"level", pass + 1}, {"index", index}};
}

void SortMode::pointer(const Scene::Pointer& p) {
  if (!p.left_clicked) return;
  for (const MergeHit& h : hits_)
    if (p.point.x >= h.min.x && p.point.x <= h.max.x && p.point.y >= h.min.y &&
        p.point.y <= h.max.y) {
      edit({{"merge-at", std::to_string(h.pass + 1) + "," + std::to_string(h.index)}});
      return;
    }
}

void SortMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  const MergeSettings& s = settings();
  if (panel_section(tr("Merge sort"), "mg-sort")) {
    for (merge::SortVariant v : {merge::SortVariant::MergeSort, merge::SortVariant::Fast}) {
      const merge::SortInfo& info = merge::sort_info(v);
      if (ImGui::RadioButton(label_id(tr_text(info.title).c_str(), info.id).c_str(),
                             s.sort_variant == v))
        e["variant"] = info.id;
    }
    wrapped_text(tr_text(merge::sort_info(s.sort_variant).lesson));
    int threads_log = int(std::log2(s.sort_threads)), per_log = int(std::log2(s.per_thread));
    if (ImGui::SliderInt(label_id(tr("threads a block (log2)"), "mg-sort-threads").c_str(),
                         &threads_log, 1, 6, std::to_string(1 << threads_log).c_str()))
      e["sort-threads"] = 1 << threads_log;
    if (ImGui::SliderInt(label_id(tr("outputs a thread (log2)"), "mg-sort-per").c_str(), &per_log,
                         0, 4, std::to_string(1 << per_log).c_str()))
      e["per-thread"] = 1 << per_log;
    wrapped_text(tr("Click a merge in the figure to draw its merge path."));
  }
  if (panel_section(tr("Beside the book"), "mg-sort-book", false))
    wrapped_text(tr_text(merge::sort_info(s.sort_variant).book_note));
  if (panel_section(tr("The radix sort"), "mg-sort-radix")) {
    wrapped_text(
        tr("The radix sort (PMPP 13.2-13.4) is not a merge: it splits the keys by their "
           "bits with a scan. It lives in the scan scene's radix mode."));
    if (can_open_scene() &&
        ImGui::Button(label_id(tr("Open the radix sort"), "mg-sort-radix-go").c_str()))
      open_scene(kRadixScene, {{"mode", kRadixMode}});
  }
  if (!e.empty()) edit(e);
  const SortTaught* t = taught();
  if (!t) return;
  if (panel_section(tr("This step"), "mg-sort-step")) {
    twin_check_line(t->traced.twin);
    const CountersColumn a{merge::sort_info(t->run.params.variant).id, &t->traced.counters};
    counters_table("mg-sort-counters", a, nullptr, step(), {});
  }
  fast_mode(28, tr("The sort at full size: this variant against CUB's DeviceMergeSort and "
                   "DeviceRadixSort."));
}

void SortMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  hits_.clear();
  const SortTaught* t = taught();
  if (!t) {
    draw_no_run(canvas, gfx::palette(theme), error());
    return;
  }
  int pass = -1, index = 0;
  if (!selected_merge(t->run, settings(), step(), pass, index)) pass = -1;
  draw_sort_teach(canvas, theme, *t, step(), pass, index, hover(), &hits_);
}

std::string SortMode::caption() const {
  const SortTaught* t = taught();
  return t ? sort_caption(*t, step()) : error();
}

}  // namespace ws::app
