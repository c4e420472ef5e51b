#include "sat_teach_mode.h"

#include <imgui.h>

#include <algorithm>

#include "common/error.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "sat/sat_filter_fused_teach.h"
#include "scenes/sat/sat_panels.h"
#include "scenes/sat/sat_report.h"

namespace ws::app {

void SatTeachMode::prepare() {
  // Teach mode traces every thread: images are averaged down to 32x32, one luminance plane.
  input_ = load_sat_input(settings(), sat::kTeachMax, false);
  shown_block_ = 0;
  if (settings().accum == sat::Accum::U8U32 && !input_.bytes)
    throw Error("type u8: the values must be integers 0..255 (" + input_.first_non_byte +
                "; choose type f32 or f32-f64 for other numbers)");
}

sat::TeachRun SatTeachMode::run(Backend backend, int /*which*/) const {
  sat::TeachParams p;
  p.variant = settings().variant;
  p.accum = settings().accum;
  p.tile = settings().tile;
  p.kernel = settings().teach_kernel;
  p.radius = settings().filter.radius;
  return sat::teach(p, sat_plane(input_, 0), backend);
}

void SatTeachMode::fill(RunJson& doc) const {
  const Taught<sat::TeachRun>* t = taught();
  // The run's own kernel: the settings may have changed since it ran (no reset yet).
  const sat::TeachKernel kernel = t ? t->run.params.kernel : settings().teach_kernel;
  if (kernel == sat::TeachKernel::FusedFilter) {
    fill_sat_fused_teach(doc, t ? t->run.params.radius : settings().filter.radius, input_,
                         t ? &t->run.filtered : nullptr);
    return;
  }
  fill_sat_table(doc, settings(), input_, t ? &t->run.sat : nullptr, "teach");
  if (t) doc.extra["row_scans"] = table_rows_json(t->run.row_scans, input_.width);
}

void SatTeachMode::ui() {
  if (nlohmann::json e = sat_input_controls(settings(), false); !e.empty()) edit(e);
  if (nlohmann::json e = sat_teach_kernel_controls(settings()); !e.empty()) edit(e);
  if (settings().teach_kernel == sat::TeachKernel::Table)
    if (nlohmann::json e = sat_variant_controls(settings(), true); !e.empty()) edit(e);
  const Taught<sat::TeachRun>* t = taught();
  if (!t) return;
  if (panel_section(tr("This step"), "sat-this-step")) {
    const sat::TeachRun& run = t->run;
    const TraceStep& s = run.trace.steps.at(step());
    ImGui::TextWrapped("%s", trf("Step {0} of {1}: {2} (phase {3})", step() + 1,
                                 run.trace.steps.size(), kernel_text(s.label), kernel_text(s.phase))
                                 .c_str());
    const bool fused = run.params.kernel == sat::TeachKernel::FusedFilter;
    ImGui::TextWrapped(
        "%s",
        kernel_text(fused ? sat::kFusedTeachLesson : sat::info(run.params.variant).lesson).c_str());
    if (fused && s.phase == "walk") {  // the walking block whose V, E and window are drawn
      const int blocks =
          sat::fused_teach::shape_of(run.width, run.height, run.params.radius).blocks;
      int block = shown_block_;
      if (blocks > 1 && ImGui::SliderInt(label_id(tr("block shown"), "sat-fused-block").c_str(),
                                         &block, 0, blocks - 1))
        shown_block_ = std::clamp(block, 0, blocks - 1);
    }
    twin_check_line(t->traced.twin);
    counters_table("sat-counters",
                   {fused ? "fused" : sat::info(run.params.variant).id, &t->traced.counters},
                   nullptr, step());
  }
  sat_notes_panel();
}

}  // namespace ws::app
