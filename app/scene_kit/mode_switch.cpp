#include "mode_switch.h"

#include <imgui.h>

#include "common/error.h"
#include "i18n/i18n.h"
#include "scene_kit/json_params.h"

namespace ws::app {

ModeSwitch::ModeSwitch(const char* id, const char* title, std::vector<std::unique_ptr<Scene>> modes)
    : id_(id), title_(title), modes_(std::move(modes)) {
  WS_REQUIRE(!modes_.empty(), std::string("a scene with modes needs at least one"));
  for (const auto& m : modes_) mode_ids_.push_back(m->id());
}

size_t ModeSwitch::index_of(const std::string& mode) const {
  std::string known;
  for (size_t i = 0; i < mode_ids_.size(); ++i) {
    if (mode_ids_[i] == mode) return i;
    known += (known.empty() ? "" : ", ") + mode_ids_[i];
  }
  throw Error("--mode: unknown mode '" + mode + "' (" + known + ")");
}

Scene* ModeSwitch::find_mode(const std::string& id) const {
  for (size_t i = 0; i < mode_ids_.size(); ++i)
    if (mode_ids_[i] == id) return modes_[i].get();
  return nullptr;
}

SceneCapabilities ModeSwitch::capabilities() const {
  SceneCapabilities caps = active().capabilities();
  caps.modes = mode_ids_;
  for (const auto& m : modes_) caps.benchable = caps.benchable || m->capabilities().benchable;
  return caps;
}

void ModeSwitch::attach(SceneContext& context) {
  context_ = &context;
  active().attach(context);
}

void ModeSwitch::detach() {
  active().detach();
  context_ = nullptr;
}

nlohmann::json ModeSwitch::params_to_json() const {
  nlohmann::json j = active().params_to_json();
  j["mode"] = mode();
  return j;
}

void ModeSwitch::params_from_json(const nlohmann::json& params) {
  WS_REQUIRE(params.is_object(), std::string("scene parameters must be a JSON object"));
  size_t target = active_;
  if (params.contains("mode")) {
    target = index_of(json_string(params, "mode"));
  } else if (const std::string inferred = infer_mode(params); !inferred.empty()) {
    target = index_of(inferred);
  }
  nlohmann::json rest = params;
  rest.erase("mode");
  Scene& to = *modes_[target];
  if (target != active_) on_switch(active(), to);
  to.params_from_json(rest);  // throws before anything switched
  if (target == active_) return;
  if (context_) active().detach();
  active_ = target;
  if (context_) to.attach(*context_);
}

void ModeSwitch::ui() {
  int current = static_cast<int>(active_);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  // Mode titles are their scenes' TR_NOOP literals, translated here where they are shown.
  const std::string label = std::string(tr("mode")) + "###mode";
  if (ImGui::BeginCombo(label.c_str(), tr(modes_[active_]->title()))) {
    for (size_t i = 0; i < modes_.size(); ++i)
      if (ImGui::Selectable(tr(modes_[i]->title()), i == active_)) current = static_cast<int>(i);
    ImGui::EndCombo();
  }
  if (current != static_cast<int>(active_)) {
    try {
      params_from_json({{"mode", mode_ids_[current]}});
      active().reset();
    } catch (const std::exception& e) {
      ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s", e.what());
    }
  }
  active().ui();
}

nlohmann::json ModeSwitch::results_json() const {
  nlohmann::json j = active().results_json();
  j["scene"] = id_;
  j["params"]["mode"] = mode();
  return j;
}

BenchJob ModeSwitch::bench_job(const BenchRequest& request) const {
  for (const auto& [alias, names] : bench_aliases()) {
    if (request.mode != alias) continue;
    std::vector<BenchJob> jobs;
    for (const std::string& name : names) {
      BenchRequest r = request;
      r.mode.clear();
      jobs.push_back(modes_[index_of(name)]->bench_job(r));
    }
    return [jobs, alias = alias](std::ostream& progress) {
      std::vector<BenchReport> reports;
      for (const BenchJob& job : jobs) reports.push_back(job(progress));
      BenchReport merged = merge_reports(reports);
      merged.json["mode"] = alias;
      return merged;
    };
  }
  BenchRequest r = request;
  const Scene* target = &active();
  if (!request.mode.empty()) {
    if (!find_mode(request.mode)) {
      std::string known;
      for (const std::string& m : mode_ids_) known += (known.empty() ? "" : ", ") + m;
      for (const auto& alias : bench_aliases()) known += ", " + alias.first;
      throw Error("bench --mode: unknown mode '" + request.mode + "' (" + known + ")");
    }
    target = find_mode(request.mode);
    r.mode.clear();
  }
  WS_REQUIRE(target->capabilities().benchable,
             std::string("bench: mode '") + target->id() + "' of " + id_ + " has no benchmark");
  BenchJob job = target->bench_job(r);
  if (request.mode.empty()) return job;  // the active mode's benchmark, as the scene's own
  return [job, mode = request.mode](std::ostream& progress) {
    BenchReport report = job(progress);  // the JSON says which mode was asked for
    if (report.json.is_object()) report.json["mode"] = mode;
    return report;
  };
}

nlohmann::json ModeSwitch::params_for_file(const FileInfo& file) const {
  nlohmann::json params = active().params_for_file(file);
  if (!params.is_null()) return params;
  for (size_t m = 0; m < modes_.size(); ++m) {
    if (m == active_) continue;
    params = modes_[m]->params_for_file(file);
    if (params.is_null()) continue;
    params["mode"] = mode_ids_[m];
    return params;
  }
  return nullptr;
}

}  // namespace ws::app
