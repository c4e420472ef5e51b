// The lab's time and resources panels: the untraced kernel's time against the reference solution,
// the built-in kernel and the copy bandwidth; the compiled kernel's registers, memory, occupancy,
// PTX and SASS (the current source line's instructions highlighted).
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "common/device_services.h"
#include "i18n/i18n.h"
#include "lab_panels.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

std::string lab_ms(double ms) {
  if (ms < 0) return "-";
  char b[32];
  std::snprintf(b, sizeof b, "%.4g ms", ms);
  return b;
}

std::string lab_gbps(int64_t bytes, double ms) {
  if (ms <= 0 || bytes <= 0) return "-";
  char b[32];
  std::snprintf(b, sizeof b, "%.1f GB/s", double(bytes) / (ms * 1e6));
  return b;
}

std::vector<std::string> lab_split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A scrolling listing with the lines in `marked` highlighted; scrolls to the first marked line
// when the marked set changes.
void lab_listing(const char* id, const std::string& text, const std::vector<int>& marked) {
  const std::vector<std::string> lines = lab_split_lines(text);
  ImGui::BeginChild(id, {0, ImGui::GetTextLineHeightWithSpacing() * 18}, true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID key = ImGui::GetID("lab-listing-first");
  const int first = marked.empty() ? -1 : marked.front();
  const bool moved = storage->GetInt(key, -2) != first;
  storage->SetInt(key, first);
  const ImVec4 highlight = ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram);
  for (size_t i = 0; i < lines.size(); ++i) {
    const bool on = std::binary_search(marked.begin(), marked.end(), static_cast<int>(i));
    if (on)
      ImGui::TextColored(highlight, "%s", lines[i].c_str());
    else
      ImGui::TextUnformatted(lines[i].c_str());
    if (on && moved && static_cast<int>(i) == first) ImGui::SetScrollHereY(0.3f);
  }
  ImGui::EndChild();
}

}  // namespace

int64_t lab_bytes_moved(const std::vector<lab::Arg>& args) {
  int64_t bytes = 0;
  for (const lab::Arg& a : args)
    if (a.is_array)
      bytes += static_cast<int64_t>(a.values.size()) * (a.type == lab::ElemType::U8 ? 1 : 4);
  return bytes;
}

LabTimes lab_times(Backend backend, double student_ms, double reference_ms, double builtin_ms,
                   const std::string& builtin_name, int64_t bytes) {
  LabTimes t{backend, student_ms, reference_ms, builtin_ms, builtin_name, bytes, 0};
  if (backend == Backend::Cuda && bytes > 0) t.copy_gbps = copy_bandwidth_gbps_for(backend, bytes);
  return t;
}

void lab_time_panel(const LabTimes& t) {
  if (t.backend == Backend::Cpu)
    wrapped_text(
        tr("CPU backend: these are the CPU's times (fibers, one thread at a time), not a "
           "GPU's; run on CUDA to compare kernels."));
  if (!ImGui::BeginTable("lab-times", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) return;
  for (const char* name : {TR_NOOP("kernel"), TR_NOOP("time"), TR_NOOP("bandwidth")})
    ImGui::TableSetupColumn(tr(name));
  ImGui::TableHeadersRow();
  auto row = [&](const std::string& name, double ms) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(lab_ms(ms).c_str());
    ImGui::TableNextColumn();
    std::string bw = lab_gbps(t.bytes, ms);
    if (ms > 0 && t.copy_gbps > 0)
      bw += " (" + trf("{0}% of copy", int(100 * t.bytes / (ms * 1e6) / t.copy_gbps + 0.5)) + ")";
    ImGui::TextUnformatted(bw.c_str());
  };
  row(tr("your kernel"), t.student_ms);
  row(tr("reference solution"), t.reference_ms);
  if (!t.builtin_name.empty()) row(tr_text(t.builtin_name), t.builtin_ms);
  ImGui::EndTable();
  if (t.copy_gbps > 0)
    ImGui::TextDisabled("%s",
                        trf("device copy bandwidth: {0} GB/s", int(t.copy_gbps + 0.5)).c_str());
  if (t.student_ms > 0 && t.reference_ms > 0) {
    char b[32];
    std::snprintf(b, sizeof b, "%.2f", t.student_ms / t.reference_ms);
    ImGui::Text("%s", trf("your kernel takes {0}x the reference solution's time", b).c_str());
  }
}

std::vector<int> sass_lines_of(const lab::Resources& r, int source_line) {
  std::vector<int> out;
  for (const auto& [sass, line] : r.sass_lines)
    if (line == source_line && source_line > 0) out.push_back(sass);
  std::sort(out.begin(), out.end());
  return out;
}

void lab_resources_panel(const lab::Resources& r, Backend backend, int current_line) {
  if (!r.known) {
    wrapped_text(backend == Backend::Cpu
                     ? std::string(tr("Registers, occupancy, PTX and SASS: not available on the "
                                      "CPU backend."))
                     : std::string(tr("The compiled kernel's resources are not known.")));
    if (!r.note.empty()) wrapped_text(r.note);
    return;
  }
  counter_table("lab-resources",
                {{tr("registers per thread"), std::to_string(r.registers)},
                 {tr("shared memory per block"), trf("{0} B", r.shared_bytes)},
                 {tr("local memory per thread"), trf("{0} B", r.local_bytes)},
                 {tr("max threads per block"), std::to_string(r.max_threads_per_block)},
                 {tr("active blocks per SM"), std::to_string(r.active_blocks_per_sm)},
                 {tr("occupancy"), trf("{0}%", int(100 * r.occupancy + 0.5))}});
  if (!r.note.empty()) wrapped_text(r.note);
  if (current_line > 0)
    ImGui::TextDisabled("%s",
                        trf("highlighted: the instructions of line {0}", current_line).c_str());
  if (panel_section(tr("SASS"), "lab-sass")) {
    if (r.sass.empty())
      ImGui::TextDisabled("%s", tr("no SASS (the disassembler was not found)"));
    else
      lab_listing("lab-sass-text", r.sass, sass_lines_of(r, current_line));
  }
  if (panel_section(tr("PTX"), "lab-ptx", false)) lab_listing("lab-ptx-text", r.ptx, {});
}

}  // namespace ws::app
