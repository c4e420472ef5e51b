// The file browser's ImGui view (file_browser.h): a modal with the folder's path (type a path and
// press Enter), Up, the filter, the list (click selects, a double click opens a folder or a file),
// the selected file's preview line, the recent files, and Open / Cancel.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <filesystem>

#include "file_browser.h"
#include "i18n/i18n.h"

namespace ws::app {

namespace {

const char* kind_tag(unsigned kinds) {
  if (kinds & kind_bit(FileKind::Image)) return tr("image");
  if (kinds == (kind_bit(FileKind::Text) | kind_bit(FileKind::Graph))) return tr("text / graph");
  if (kinds == kind_bit(FileKind::Graph)) return tr("graph");
  if (kinds & kind_bit(FileKind::Session)) return tr("session");
  if (kinds & kind_bit(FileKind::Text)) return tr("text");
  return "";
}

}  // namespace

std::optional<std::string> file_browser_ui(FileBrowser& browser, bool& open,
                                           const UserSettings& settings) {
  static std::string typed;  // the path field (one browser in the window)
  if (open) {
    ImGui::OpenPopup("###open-file");
    typed = browser.folder();
    browser.refresh();
    open = false;
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(display.x * 0.9f, ImGui::GetFontSize() * 48),
                                  std::min(display.y * 0.85f, ImGui::GetFontSize() * 34)),
                           ImGuiCond_Appearing);
  const std::string title = std::string(tr("Open file")) + "###open-file";
  // Opaque, so the figure behind does not show through the list.
  ImVec4 background = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  background.w = 1;
  ImGui::PushStyleColor(ImGuiCol_PopupBg, background);
  const bool shown =
      ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleColor();
  if (!shown) return std::nullopt;
  std::optional<std::string> chosen;

  // The folder: a path field (Enter goes there) and Up.
  if (ImGui::Button(tr("Up"))) {
    browser.up();
    typed = browser.folder();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputText("##path", &typed, ImGuiInputTextFlags_EnterReturnsTrue)) {
    if (browser.go_to(typed)) {
      typed = browser.folder();
      if (browser.preview() && browser.preview()->ok()) chosen = browser.selected();
    }
  }
  if (!browser.error().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.2f, 0.2f, 1));
    ImGui::TextWrapped("%s", browser.error().c_str());
    ImGui::PopStyleColor();
  }

  // The filter.
  int filter = static_cast<int>(browser.filter());
  bool changed = ImGui::RadioButton(tr("files this scene opens"), &filter, 0);
  ImGui::SameLine();
  changed |= ImGui::RadioButton(tr("every kind warpscope opens"), &filter, 1);
  ImGui::SameLine();
  changed |= ImGui::RadioButton(tr("show all files"), &filter, 2);
  if (changed) browser.set_filter(static_cast<FileBrowser::Filter>(filter));

  // The list.
  const float footer = ImGui::GetFrameHeightWithSpacing() * 3.4f;
  ImGui::BeginChild("##entries", ImVec2(0, -footer), true);
  if (browser.entries().empty())
    ImGui::TextDisabled("%s", tr("(no files here that pass the filter)"));
  std::string enter_folder, open_file;
  for (const FileBrowser::Entry& e : browser.entries()) {
    ImGui::PushID(e.path.c_str());
    const bool selected = !e.folder && e.path == browser.selected();
    const std::string label =
        e.folder ? "[" + std::string(tr("folder")) + "]  " + e.name + "/" : e.name;
    if (ImGui::Selectable(
            label.c_str(), selected,
            ImGuiSelectableFlags_AllowDoubleClick | ImGuiSelectableFlags_SpanAllColumns)) {
      if (e.folder) {
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) enter_folder = e.name;
      } else {
        browser.select(e.path);
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) open_file = e.path;
      }
    }
    if (!e.folder) {
      ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::GetFontSize() * 11);
      ImGui::TextDisabled("%s  %s", kind_tag(e.kinds), human_bytes(e.bytes).c_str());
    }
    ImGui::PopID();
  }
  ImGui::EndChild();
  if (!enter_folder.empty() && browser.enter(enter_folder)) typed = browser.folder();
  if (!open_file.empty()) chosen = open_file;

  // The preview of the selection.
  if (const FilePreview* p = browser.preview()) {
    const std::string name = std::filesystem::path(browser.selected()).filename().string();
    if (!p->ok()) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.2f, 0.2f, 1));
    ImGui::TextWrapped("%s: %s", name.c_str(), describe_preview(*p).c_str());
    if (!p->ok()) ImGui::PopStyleColor();
  } else {
    ImGui::TextDisabled("%s", tr("Select a file to see what it holds."));
  }

  // Recent files.
  const std::vector<std::string> recent = FileBrowser::recent_files(settings);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 24);
  if (ImGui::BeginCombo(tr("recent files"), recent.empty() ? tr("(none yet)") : "")) {
    for (const std::string& f : recent)
      if (ImGui::Selectable(f.c_str())) {
        browser.go_to(f);
        typed = browser.folder();
      }
    ImGui::EndCombo();
  }

  // Open / Cancel.
  const bool can_open = browser.preview() != nullptr;
  if (!can_open) ImGui::BeginDisabled();
  if (ImGui::Button(tr("Open"))) chosen = browser.selected();
  if (!can_open) ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(tr("Cancel")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  if (chosen) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return chosen;
}

}  // namespace ws::app
