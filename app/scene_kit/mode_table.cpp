#include "mode_table.h"

#include <imgui.h>

#include "code_panel.h"
#include "common/error.h"
#include "i18n/i18n.h"
#include "kernel_resources.h"
#include "panel_widgets.h"

namespace ws::app {

void ModeTable::add_row(const char* mode_id, const char* mode_title, Mode& mode, RowData data) {
  mode.set_scene(*this);
  modes_.push_back({mode_id, mode_title, &mode, std::move(data)});
}

KernelSource ModeTable::kernel_source() const {
  const Entry& e = modes_[active_];
  return e.data.code ? e.data.code(e.mode->code_marker()) : e.mode->kernel_source();
}

nlohmann::json ModeTable::results_json() const {
  nlohmann::json j = active().results_json();
  const KernelSource k = kernel_source();
  if (k.file.empty()) {
    j["kernel_source"] = nullptr;
    return j;
  }
  const SourceSection section = load_step_source(k.file, k.section, k.marker);
  j["kernel_source"] = {{"file", k.file},
                        {"section", section.title},
                        {"found", !section.lines.empty()},
                        {"first_line", section.first_line},
                        {"lines", section.lines.size()},
                        {"resources", variant_resources_json(k.file, k.section)}};
  return j;
}

void ModeTable::code_ui() {
  if (!modes_[active_].data.code) return active().code_ui();
  kernel_source_panel(kernel_source());
}

std::vector<std::string> ModeTable::lecture_variants() const {
  const Entry& e = modes_[active_];
  return e.data.lecture_variants ? e.data.lecture_variants() : e.mode->lecture_variants();
}

size_t ModeTable::index_of(const std::string& mode) const {
  std::string known;
  for (size_t i = 0; i < modes_.size(); ++i) {
    if (modes_[i].id == mode) return i;
    known += (known.empty() ? "" : ", ") + modes_[i].id;
  }
  throw Error("--mode: unknown mode '" + mode + "' (" + known + ")");
}

SceneCapabilities ModeTable::capabilities() const {
  SceneCapabilities caps = modes_[active_].data.caps;
  caps.modes.clear();
  if (modes_.size() > 1)
    for (const Entry& e : modes_) caps.modes.push_back(e.id);
  for (const Entry& e : modes_) caps.benchable = caps.benchable || e.data.caps.benchable;
  return caps;
}

void ModeTable::attach(SceneContext& context) {
  context_ = &context;
  active().attach(context);
}

void ModeTable::detach() {
  active().detach();
  context_ = nullptr;
}

void ModeTable::switch_to(size_t index) {
  if (index == active_) return;
  if (context_) active().detach();
  active_ = index;
  if (context_) active().attach(*context_);
}

void ModeTable::ui() {
  if (modes_.size() > 1) {
    for (size_t i = 0; i < modes_.size(); ++i) {
      if (i) ImGui::SameLine();
      const bool on = i == active_;
      const std::string label = label_id(tr(modes_[i].title), ("mode-" + modes_[i].id).c_str());
      if (ImGui::RadioButton(label.c_str(), on) && !on) {
        std::string error;
        apply_edit(*this, {{"mode", modes_[i].id}}, error);
        if (!error.empty()) show_error(error);
      }
    }
  }
  if (const std::string line = notice(); !line.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.45f, 0.1f, 1));
    ImGui::TextWrapped("%s", line.c_str());
    ImGui::PopStyleColor();
  }
  error_line(active().error());
  active().ui();
}

nlohmann::json ModeTable::params_for_file(const FileInfo& file) const {
  nlohmann::json params = active().params_for_file(file);
  if (!params.is_null() || modes_.size() == 1) return params;
  for (size_t m = 0; m < modes_.size(); ++m) {
    if (m == active_) continue;
    params = modes_[m].mode->params_for_file(file);
    if (params.is_null()) continue;
    params["mode"] = modes_[m].id;
    return params;
  }
  return nullptr;
}

void ModeTable::set_bench(SceneBench job, std::vector<std::string> aliases) {
  bench_ = std::move(job);
  bench_aliases_ = std::move(aliases);
}

BenchJob ModeTable::bench_job(const BenchRequest& request) const {
  // Without a scene-wide job, a scene of one mode hands --mode to its mode's benchmark, which
  // says what it takes.
  if (!bench_ && (request.mode.empty() || modes_.size() == 1))
    return translated(active().bench_job(request));
  const std::string mode = request.mode.empty() ? this->mode() : request.mode;
  const Entry* target = nullptr;
  std::string known;
  for (const Entry& e : modes_) {
    if (e.id == mode) target = &e;
    known += (known.empty() ? "" : ", ") + e.id;
  }
  bool alias = false;
  for (const std::string& a : bench_aliases_) {
    alias = alias || a == mode;
    known += ", " + a;
  }
  if (!target && !alias) throw Error("bench --mode: unknown mode '" + mode + "' (" + known + ")");
  WS_REQUIRE(alias || target->data.caps.benchable,
             "bench: mode '" + mode + "' of " + id_ + " has no benchmark");
  BenchRequest r = request;
  r.mode.clear();
  BenchJob job = bench_ ? bench_(r, mode) : target->mode->bench_job(r);
  if (request.mode.empty()) return translated(job);
  return translated([job, mode](std::ostream& progress) {
    BenchReport report = job(progress);  // the JSON says which mode was asked for
    if (report.json.is_object()) report.json["mode"] = mode;
    return report;
  });
}

}  // namespace ws::app
