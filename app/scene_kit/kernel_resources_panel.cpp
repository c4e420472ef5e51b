#include "kernel_resources_panel.h"

#include <imgui.h>

#include <iterator>
#include <string>

#include "common/tr_noop.h"
#include "i18n/i18n.h"
#include "kernel_resources.h"

namespace ws::app {

namespace {

// The first instance's line (untraced where there is one); the tooltip names the instance, the
// blocks per SM, the other instances' lines and the file when it is not the one shown.
void kernel_line(const VariantKernel& kernel, const VariantResources& v, const std::string& shown) {
  [[maybe_unused]] const char* const roles[] = {TR_NOOP("untraced"), TR_NOOP("traced")};
  const KernelInstance& first = kernel.instances.front();
  ImGui::TextWrapped("%s: %s", kernel.name.c_str(),
                     resource_line(first, v.block_size, v.block_size_assumed).c_str());
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  if (v.file != shown) ImGui::TextUnformatted(v.file.c_str());
  for (const KernelInstance& instance : kernel.instances) {
    const Occupancy o = occupancy(instance.registers, instance.shared_bytes, v.block_size);
    ImGui::Text("%s (%s)", instance.name.c_str(), tr_text(instance.role).c_str());
    ImGui::BulletText("%s", resource_line(instance, v.block_size, v.block_size_assumed).c_str());
    ImGui::BulletText(
        "%s", trf("{0} blocks per SM, limited by {1}", o.blocks_per_sm, limiter_text(o)).c_str());
  }
  ImGui::EndTooltip();
}

void sass_listing(const KernelInstance& instance, int id) {
  ImGui::TextDisabled("%s", instance.name.c_str());
  ImGui::PushID(id);
  const float height = ImGui::GetTextLineHeightWithSpacing() * 18;
  ImGui::BeginChild("sass", ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::TextUnformatted(instance.sass.c_str(), instance.sass.c_str() + instance.sass.size());
  ImGui::EndChild();
  ImGui::PopID();
}

// Occupancy of every instance at 64..1024 threads per block: what the block size would change.
void occupancy_table(const VariantResources& v) {
  const int sizes[] = {64, 128, 256, 512, 1024};
  if (!ImGui::BeginTable("occupancy", 1 + std::size(sizes),
                         ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit))
    return;
  ImGui::TableSetupColumn(tr("threads per block"));
  for (int size : sizes) ImGui::TableSetupColumn(std::to_string(size).c_str());
  ImGui::TableHeadersRow();
  for (const VariantKernel& kernel : v.kernels)
    for (const KernelInstance& instance : kernel.instances) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::Text("%s (%s)", kernel.name.c_str(), tr_text(instance.role).c_str());
      for (size_t i = 0; i < std::size(sizes); ++i) {
        ImGui::TableSetColumnIndex(static_cast<int>(i) + 1);
        const Occupancy o = occupancy(instance.registers, instance.shared_bytes, sizes[i]);
        ImGui::Text("%d%%", static_cast<int>(o.fraction * 100 + 0.5));
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip(
              "%s", trf("{0} blocks per SM, limited by {1}", o.blocks_per_sm, tr_text(o.limiter))
                        .c_str());
      }
    }
  ImGui::EndTable();
}

}  // namespace

void kernel_resources_panel(const std::string& file, const std::string& variant) {
  const VariantResources* v = find_variant_resources(file, variant);
  if (!v) return;
  const std::string resources = std::string(tr("Resources on the H200 (sm_90)")) + "###resources";
  if (ImGui::CollapsingHeader(resources.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
    for (const VariantKernel& kernel : v->kernels)
      if (!kernel.instances.empty()) kernel_line(kernel, *v, file);
    if (ImGui::TreeNode(tr("Occupancy by block size"))) {
      occupancy_table(*v);
      ImGui::TreePop();
    }
  }
  if (!ImGui::CollapsingHeader(tr("SASS"))) return;
  int id = 0;
  for (const VariantKernel& kernel : v->kernels)
    for (const KernelInstance& instance : kernel.instances)
      if (!instance.sass.empty()) sass_listing(instance, id++);
}

}  // namespace ws::app
