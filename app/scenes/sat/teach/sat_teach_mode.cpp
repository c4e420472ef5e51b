#include "sat_teach_mode.h"

#include <imgui.h>

#include "common/error.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scenes/sat/sat_panels.h"
#include "scenes/sat/sat_report.h"

namespace ws::app {

void SatTeachMode::prepare() {
  // Teach mode traces every thread: images are averaged down to 32x32, one luminance plane.
  input_ = load_sat_input(settings(), sat::kTeachMax, false);
  if (settings().accum == sat::Accum::U8U32 && !input_.bytes)
    throw Error("type u8: the values must be integers 0..255 (" + input_.first_non_byte +
                "; choose type f32 or f32-f64 for other numbers)");
}

sat::TeachRun SatTeachMode::run(Backend backend, int /*which*/) const {
  sat::TeachParams p;
  p.variant = settings().variant;
  p.accum = settings().accum;
  p.tile = settings().tile;
  return sat::teach(p, sat_plane(input_, 0), backend);
}

void SatTeachMode::fill(RunJson& doc) const {
  const Taught<sat::TeachRun>* t = taught();
  fill_sat_table(doc, settings(), input_, t ? &t->run.sat : nullptr, "teach");
  if (t) doc.extra["row_scans"] = table_rows_json(t->run.row_scans, input_.width);
}

void SatTeachMode::ui() {
  if (nlohmann::json e = sat_input_controls(settings(), false); !e.empty()) edit(e);
  if (nlohmann::json e = sat_variant_controls(settings(), true); !e.empty()) edit(e);
  const Taught<sat::TeachRun>* t = taught();
  if (!t) return;
  if (panel_section(tr("This step"), "sat-this-step")) {
    const sat::TeachRun& run = t->run;
    const TraceStep& s = run.trace.steps.at(step());
    ImGui::TextWrapped("%s", trf("Step {0} of {1}: {2} (phase {3})", step() + 1,
                                 run.trace.steps.size(), kernel_text(s.label), kernel_text(s.phase))
                                 .c_str());
    ImGui::TextWrapped("%s", kernel_text(sat::info(run.params.variant).lesson).c_str());
    twin_check_line(t->traced.twin);
    counters_table("sat-counters", {sat::info(run.params.variant).id, &t->traced.counters}, nullptr,
                   step());
  }
  sat_notes_panel();
}

}  // namespace ws::app
