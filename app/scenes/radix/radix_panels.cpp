// The radix sort scene's panels: keys, the view and its bit / digit width / block size, and fast
// mode against the library. Edits go through params_from_json.
#include <imgui.h>

#include <vector>

#include "radix_scene.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

void RadixScene::panel_parameters() {
  nlohmann::json edit;
  int view = static_cast<int>(view_);
  if (combo("View", view,
            {"one split pass (columns)", "LSD sort, pass by pass", "multi-bit: bucket table"}))
    edit["radix-view"] = radix_view_name(static_cast<RadixView>(view));
  if (view_ == RadixView::Split) {
    int bit = bit_;
    if (ImGui::SliderInt("Split on bit", &bit, 0, std::max(0, effective_key_bits() - 1)) &&
        bit != bit_)
      edit["bit"] = bit;
  }
  if (view_ == RadixView::Buckets) {
    int radix_bits = radix_bits_;
    if (ImGui::SliderInt("Digit bits", &radix_bits, 1, 4) && radix_bits != radix_bits_)
      edit["radix-bits"] = radix_bits;
    int block = block_;
    if (ImGui::SliderInt("Keys per block", &block, 1, 64) && block != block_) edit["block"] = block;
  }
  ImGui::Separator();
  std::string keys = keys_text_;
  ImGui::SetNextItemWidth(-1);
  if (text_field("##keys", "keys, e.g. 5 12 3 9 14 1 7 10", keys)) edit["keys"] = keys;
  int n = static_cast<int>(n_);
  ImGui::SliderInt("N (random)", &n, 1, 256);
  const bool n_changed = ImGui::IsItemDeactivatedAfterEdit();
  int seed = static_cast<int>(std::min<uint64_t>(seed_, INT32_MAX));
  const bool seed_changed = ImGui::InputInt("Seed", &seed) && seed >= 0;
  int key_bits = key_bits_;
  // 0 reads "automatic" on the slider: a label long enough to say so was cut off in the panel.
  const bool bits_changed =
      ImGui::SliderInt("Key bits", &key_bits, 0, 32, key_bits == 0 ? "automatic" : "%d") &&
      key_bits != key_bits_;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Bits of each key the sort looks at; 0 = automatic (what the largest key needs)");
  if (bits_changed) edit["key-bits"] = key_bits;
  if (n_changed || seed_changed || ImGui::Button("Random keys")) {
    edit["n"] = n;
    edit["seed"] = seed;
  }
  apply_edit(*this, edit, error_);
  error_line(error_);
}

void RadixScene::ui() {
  if (ImGui::CollapsingHeader("Radix sort", ImGuiTreeNodeFlags_DefaultOpen)) panel_parameters();
  if (split_ && ImGui::CollapsingHeader("Counters", ImGuiTreeNodeFlags_DefaultOpen)) {
    const bool ok = lsd_->sorted == reference_ && multibit_->sorted == reference_;
    counter_table(
        "radix counters",
        {{"keys", std::to_string(keys_.size())},
         {"key bits", std::to_string(effective_key_bits())},
         {"split: totalFalses", std::to_string(split_->total_falses)},
         {"LSD passes (one scan each)", std::to_string(lsd_->passes.size())},
         {"multi-bit passes", std::to_string(multibit_->passes.size())},
         {"bucket table entries per pass",
          multibit_->passes.empty() ? "0" : std::to_string(multibit_->passes[0].table.size())},
         {"matches std::stable_sort", ok ? "yes" : "NO"}});
  }
  if (ImGui::CollapsingHeader("Fast mode (ours vs the library)")) {
    ImGui::TextWrapped("Random 32-bit keys; %s as the reference.", radix::library_name(backend()));
    fast_.ui(
        backend(), backend() == Backend::Cuda ? 28 : 24,
        [this](const BenchRequest& r) { return bench_job(r); }, "Time ours vs the library");
  }
}

}  // namespace ws::app
