// The radix sort scene's panels: keys, the view and its bit / digit width / block size, and fast
// mode against the library. Edits go through params_from_json.
#include <imgui.h>

#include <vector>

#include "i18n/i18n.h"
#include "radix_scene.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {}  // namespace

void RadixScene::panel_parameters() {
  nlohmann::json edit;
  int view = static_cast<int>(view_);
  if (combo(label_id(TR_NOOP("View")).c_str(), view,
            {tr("one split pass (columns)"), tr("LSD sort, pass by pass"),
             tr("multi-bit: bucket table")}))
    edit["radix-view"] = radix_view_name(static_cast<RadixView>(view));
  if (view_ == RadixView::Split) {
    int bit = bit_;
    if (ImGui::SliderInt(label_id(TR_NOOP("Split on bit")).c_str(), &bit, 0,
                         std::max(0, effective_key_bits() - 1)) &&
        bit != bit_)
      edit["bit"] = bit;
  }
  if (view_ == RadixView::Buckets) {
    int radix_bits = radix_bits_;
    if (ImGui::SliderInt(label_id(TR_NOOP("Digit bits")).c_str(), &radix_bits, 1, 4) &&
        radix_bits != radix_bits_)
      edit["radix-bits"] = radix_bits;
    int block = block_;
    if (ImGui::SliderInt(label_id(TR_NOOP("Keys per block")).c_str(), &block, 1, 64) &&
        block != block_)
      edit["block"] = block;
  }
  ImGui::Separator();
  std::string keys = keys_text_;
  ImGui::SetNextItemWidth(-1);
  if (text_field("##keys", tr("keys, e.g. 5 12 3 9 14 1 7 10"), keys)) edit["keys"] = keys;
  int n = static_cast<int>(n_);
  ImGui::SliderInt(label_id(TR_NOOP("N (random)")).c_str(), &n, 1, 256);
  const bool n_changed = ImGui::IsItemDeactivatedAfterEdit();
  int seed = static_cast<int>(std::min<uint64_t>(seed_, INT32_MAX));
  const bool seed_changed = ImGui::InputInt(label_id(TR_NOOP("Seed")).c_str(), &seed) && seed >= 0;
  int key_bits = key_bits_;
  // 0 reads "automatic" on the slider: a label long enough to say so was cut off in the panel.
  const bool bits_changed = ImGui::SliderInt(label_id(TR_NOOP("Key bits")).c_str(), &key_bits, 0,
                                             32, key_bits == 0 ? tr("automatic") : "%d") &&
                            key_bits != key_bits_;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "%s", tr("Bits of each key the sort looks at; 0 = automatic (what the largest key needs)"));
  if (bits_changed) edit["key-bits"] = key_bits;
  if (n_changed || seed_changed || ImGui::Button(label_id(TR_NOOP("Random keys")).c_str())) {
    edit["n"] = n;
    edit["seed"] = seed;
  }
  apply_edit(*this, edit, error_);
  error_line(error_);
}

void RadixScene::ui() {
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Radix sort")).c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    panel_parameters();
  if (split_ && ImGui::CollapsingHeader(label_id(TR_NOOP("Counters")).c_str(),
                                        ImGuiTreeNodeFlags_DefaultOpen)) {
    const bool ok = lsd_->sorted == reference_ && multibit_->sorted == reference_;
    counter_table(
        "radix counters",
        {{tr("keys"), std::to_string(keys_.size())},
         {tr("key bits"), std::to_string(effective_key_bits())},
         {tr("split: totalFalses"), std::to_string(split_->total_falses)},
         {tr("LSD passes (one scan each)"), std::to_string(lsd_->passes.size())},
         {tr("multi-bit passes"), std::to_string(multibit_->passes.size())},
         {tr("bucket table entries per pass"),
          multibit_->passes.empty() ? "0" : std::to_string(multibit_->passes[0].table.size())},
         {tr("matches std::stable_sort"), ok ? tr("yes") : tr("NO")}});
    // The traced multi-bit sort's counters (the buckets view's passes).
    const Counters& c = traced_.counters;
    counter_table("radix trace counters",
                  {{tr("steps"), std::to_string(c.steps)},
                   {tr("atomics (digit counts)"), std::to_string(c.atomics)},
                   {tr("longest atomic chain, run"), std::to_string(c.longest_atomic_chain)},
                   {tr("lanes consumed"), std::to_string(c.lanes_consumed)},
                   {tr("barriers"), std::to_string(c.barriers)}});
    twin_check_line(traced_.twin);
  }
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Fast mode (ours vs the library)")).c_str())) {
    ImGui::TextWrapped(
        "%s",
        trf("Random 32-bit keys; {0} as the reference.", radix::library_name(backend())).c_str());
    fast_.ui(
        backend(), backend() == Backend::Cuda ? 28 : 24,
        [this](const BenchRequest& r) { return bench_job(r); }, tr("Time ours vs the library"));
  }
}

}  // namespace ws::app
