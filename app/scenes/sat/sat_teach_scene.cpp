#include "sat_teach_scene.h"

#include <imgui.h>

#include "common/error.h"
#include "sat_panels.h"
#include "sat_report.h"
#include "sat_strings.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/run_json.h"

namespace ws::app {

SatTeachScene::SatTeachScene(std::shared_ptr<SatSettings> settings)
    : settings_(std::move(settings)) {}

SceneCapabilities SatTeachScene::capabilities() const {
  return sat_mode_capabilities(true);
}

void SatTeachScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void SatTeachScene::detach() {
  taught_.reset();
  context_ = nullptr;
}

nlohmann::json SatTeachScene::params_to_json() const {
  return sat_params_json(*settings_);
}

void SatTeachScene::params_from_json(const nlohmann::json& params) {
  SatSettings s = parse_sat_params(*settings_, params);
  if (s.variant == sat::Variant::RegisterTiled && !sat::has_teach_trace(s.variant))
    throw Error(
        "variant register-tiled has no step-by-step trace: teach mode shows variants "
        "1-4 (the filter mode runs variant 5)");
  *settings_ = std::move(s);
}

void SatTeachScene::reset() {
  error_.clear();
  taught_.reset();
  // Teach mode traces every thread: images are averaged down to 32x32, one luminance plane.
  input_ = load_sat_input(*settings_, sat::kTeachMax, false);
  sat::TeachParams p;
  p.variant = settings_->variant;
  p.accum = settings_->accum;
  p.tile = settings_->tile;
  if (p.accum == sat::Accum::U8U32 && !input_.bytes)
    throw Error("type u8: the values must be integers 0..255 (" + input_.first_non_byte +
                "; choose type f32 or f32-f64 for other numbers)");
  const sat::Plane plane = input_.plane(0);
  taught_ = teach_and_check(backend(), [&](Backend b) { return sat::teach(p, plane, b); });
  seek(cursor_.step());
}

int SatTeachScene::step_count() const {
  return step_count_of({taught_ ? &taught_->run.trace : nullptr});
}

nlohmann::json SatTeachScene::results_json() const {
  RunJson doc =
      sat_table_json(*settings_, backend(), input_, taught_ ? &taught_->run.sat : nullptr, "teach");
  if (taught_) {
    doc.set_trace(taught_->run.trace, taught_->traced);
    doc.extra["row_scans"] = table_rows_json(taught_->run.row_scans, input_.width);
  }
  doc.params = params_to_json();
  return doc.to_json();
}

BenchJob SatTeachScene::bench_job(const BenchRequest& request) const {
  return sat_bench_job(request, *settings_);
}

void SatTeachScene::ui() {
  error_line(error_);
  sat_input_controls(*this, *settings_, error_, false);
  sat_variant_controls(*this, *settings_, error_, true);
  if (!taught_) return;
  if (ImGui::CollapsingHeader(label_id(tr("This step"), "sat-this-step").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    const sat::TeachRun& run = taught_->run;
    const TraceStep& s = run.trace.steps.at(cursor_.step());
    ImGui::TextWrapped("%s", trf("Step {0} of {1}: {2} (phase {3})", cursor_.step() + 1,
                                 run.trace.steps.size(), sat_text(s.label), sat_phase_text(s.phase))
                                 .c_str());
    ImGui::TextWrapped("%s", sat_text(sat::info(run.params.variant).lesson).c_str());
    twin_check_line(taught_->traced.twin);
    counters_table("sat-counters", {sat::info(run.params.variant).id, &taught_->traced.counters},
                   nullptr, cursor_.step());
  }
  sat_notes_panel();
}

void SatTeachScene::code_ui() {
  std::string marker;
  if (taught_ && cursor_.step() < static_cast<int>(taught_->run.trace.steps.size()))
    marker = taught_->run.trace.steps[cursor_.step()].code_marker;
  sat_code_panel(settings_->variant, marker);
}

}  // namespace ws::app
