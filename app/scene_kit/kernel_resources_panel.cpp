#include "kernel_resources_panel.h"

#include <imgui.h>

#include <algorithm>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

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
  ImGui::TextWrapped("%s: %s", kernel.name.c_str(), resource_line(first).c_str());
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  if (v.file != shown) ImGui::TextUnformatted(v.file.c_str());
  for (const KernelInstance& instance : kernel.instances) {
    const Occupancy o = occupancy(instance.registers, instance.shared_bytes, instance.block_size);
    ImGui::Text("%s (%s)", instance.name.c_str(), tr_text(instance.role).c_str());
    ImGui::BulletText("%s", resource_line(instance).c_str());
    ImGui::BulletText(
        "%s", trf("{0} blocks per SM, limited by {1}", o.blocks_per_sm, limiter_text(o)).c_str());
  }
  ImGui::EndTooltip();
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The listing with the instructions of `source_line` (of `file`) marked, scrolled to the first of
// them when the line changes.
void sass_listing(const KernelInstance& instance, int id, const std::string& file,
                  int source_line) {
  ImGui::TextDisabled("%s", instance.name.c_str());
  const std::vector<int> marked = sass_instructions_of_line(instance, file, source_line);
  if (source_line > 0)
    ImGui::TextDisabled("%s",
                        trf("line {0}: {1} instructions", source_line, marked.size()).c_str());
  ImGui::PushID(id);
  const float row = ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("sass", ImVec2(0, row * 18), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGuiStorage* state = ImGui::GetStateStorage();
  const ImGuiID shown_line = ImGui::GetID("shown line");
  if (state->GetInt(shown_line, -1) != source_line) {
    state->SetInt(shown_line, source_line);
    if (!marked.empty()) ImGui::SetScrollY(std::max(0.0f, (marked.front() - 4) * row));
  }
  const std::vector<std::string> lines = split_lines(instance.sass);
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(lines.size()), row);
  while (clipper.Step())
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      if (std::binary_search(marked.begin(), marked.end(), i)) {
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(
            p, ImVec2(p.x + ImGui::GetWindowWidth() * 4, p.y + row), IM_COL32(255, 200, 0, 90));
      }
      ImGui::TextUnformatted(lines[i].c_str());
    }
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

void kernel_resources_panel(const std::string& file, const std::string& variant, int source_line) {
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
      if (!instance.sass.empty()) sass_listing(instance, id++, file, source_line);
}

}  // namespace ws::app
