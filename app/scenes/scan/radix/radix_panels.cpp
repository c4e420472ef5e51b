// The radix sort mode's panels: keys, the view and its bit / digit width / block size, the
// counters, and fast mode against the library. Edits go through the scene's parameters.
#include <imgui.h>

#include <algorithm>
#include <vector>

#include "i18n/i18n.h"
#include "radix_mode.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/scan/scan_scene.h"

namespace ws::app {

namespace {

// The view, its bit / digit width / block size, the keys: what changed. `key_bits` is the run's.
nlohmann::json parameters_panel(const RadixSettings& s, int key_bits) {
  nlohmann::json edit;
  int view = static_cast<int>(s.view);
  if (combo(label_id(TR_NOOP("View")).c_str(), view,
            {tr("one split pass (columns)"), tr("LSD sort, pass by pass"),
             tr("multi-bit: bucket table")}))
    edit["radix-view"] = radix_view_name(static_cast<RadixView>(view));
  if (s.view == RadixView::Split) {
    int bit = s.bit;
    if (ImGui::SliderInt(label_id(TR_NOOP("Split on bit")).c_str(), &bit, 0,
                         std::max(0, key_bits - 1)) &&
        bit != s.bit)
      edit["bit"] = bit;
  }
  if (s.view == RadixView::Buckets) {
    int radix_bits = s.radix_bits;
    if (ImGui::SliderInt(label_id(TR_NOOP("Digit bits")).c_str(), &radix_bits, 1, 4) &&
        radix_bits != s.radix_bits)
      edit["radix-bits"] = radix_bits;
    int block = s.block;
    if (ImGui::SliderInt(label_id(TR_NOOP("Keys per block")).c_str(), &block, 1, 64) &&
        block != s.block)
      edit["block"] = block;
  }
  ImGui::Separator();
  std::string keys = s.keys;
  ImGui::SetNextItemWidth(-1);
  if (text_field("##keys", tr("keys, e.g. 5 12 3 9 14 1 7 10"), keys)) edit["keys"] = keys;
  int n = static_cast<int>(s.n);
  ImGui::SliderInt(label_id(TR_NOOP("N (random)")).c_str(), &n, 1, 256);
  const bool n_changed = ImGui::IsItemDeactivatedAfterEdit();
  int seed = static_cast<int>(std::min<uint64_t>(s.seed, INT32_MAX));
  const bool seed_changed = ImGui::InputInt(label_id(TR_NOOP("Seed")).c_str(), &seed) && seed >= 0;
  int bits = s.key_bits;
  // 0 reads "automatic" on the slider: a label long enough to say so was cut off in the panel.
  const bool bits_changed = ImGui::SliderInt(label_id(TR_NOOP("Key bits")).c_str(), &bits, 0, 32,
                                             bits == 0 ? tr("automatic") : "%d") &&
                            bits != s.key_bits;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "%s", tr("Bits of each key the sort looks at; 0 = automatic (what the largest key needs)"));
  if (bits_changed) edit["key-bits"] = bits;
  if (n_changed || seed_changed || ImGui::Button(label_id(TR_NOOP("Random keys")).c_str())) {
    edit["n"] = n;
    edit["seed"] = seed;
  }
  return edit;
}

void counters_panel(const Taught<RadixRun>& t) {
  const RadixRun& r = t.run;
  const bool ok = r.lsd.sorted == r.reference && r.sort.sorted == r.reference;
  counter_table("radix counters",
                {{tr("keys"), std::to_string(r.keys.size())},
                 {tr("key bits"), std::to_string(r.key_bits)},
                 {tr("split: totalFalses"), std::to_string(r.split.total_falses)},
                 {tr("LSD passes (one scan each)"), std::to_string(r.lsd.passes.size())},
                 {tr("multi-bit passes"), std::to_string(r.sort.passes.size())},
                 {tr("bucket table entries per pass"),
                  r.sort.passes.empty() ? "0" : std::to_string(r.sort.passes[0].table.size())},
                 {tr("matches std::stable_sort"), ok ? tr("yes") : tr("NO")}});
  // The traced multi-bit sort's counters (the buckets view's passes).
  const Counters& c = t.traced.counters;
  counter_table("radix trace counters",
                {{tr("steps"), std::to_string(c.steps)},
                 {tr("atomics (digit counts)"), std::to_string(c.atomics)},
                 {tr("longest atomic chain, run"), std::to_string(c.longest_atomic_chain)},
                 {tr("lanes consumed"), std::to_string(c.lanes_consumed)},
                 {tr("barriers"), std::to_string(c.barriers)}});
  twin_check_line(t.traced.twin);
}

}  // namespace

void RadixMode::ui() {
  const Taught<RadixRun>* t = taught();
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Radix sort")).c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    edit(parameters_panel(settings().radix, t ? t->run.key_bits : 1));
  if (taught() && ImGui::CollapsingHeader(label_id(TR_NOOP("Counters")).c_str(),
                                          ImGuiTreeNodeFlags_DefaultOpen))
    counters_panel(*taught());
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Fast mode (ours vs the library)")).c_str())) {
    ImGui::TextWrapped(
        "%s",
        trf("Random 32-bit keys; {0} as the reference.", radix::library_name(backend())).c_str());
    timings_.ui(
        backend(), backend() == Backend::Cuda ? 28 : 24,
        [this](const BenchRequest& r) { return scan_scene_bench_job(settings(), "radix", r); },
        TR_NOOP("Time ours vs the library"));
  }
}

}  // namespace ws::app
