// The segmented mode's run, run document, caption and panel.
#include "reduce_segmented_mode.h"

#include <imgui.h>

#include <cstring>

#include "common/error.h"
#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/step_caption.h"
#include "segmented_scan/segmented_scan.h"

namespace ws::app {

namespace {

// kernels/reduce/segmented_reduce_cpu.cpp: step labels and buffer names.
[[maybe_unused]] const char* const kSegmentedText[] = {
    TR_NOOP("offset {0}"), TR_NOOP("segment totals"), TR_NOOP("values"),       TR_NOOP("heads"),
    TR_NOOP("segment"),    TR_NOOP("shared values"),  TR_NOOP("shared flags"), TR_NOOP("totals"),
};

}  // namespace

reduce::SegmentedInput parse_reduce_segments(const std::string& text) {
  segscan::Segments s;
  try {
    s = segscan::parse_segments(text);
  } catch (const Error& e) {
    throw Error(std::string("--segments: ") + e.what());
  }
  WS_REQUIRE(!s.values.empty(), std::string("--segments: give at least one segment, e.g. \"[1 2] "
                                            "[6 7 1] [1 2 3 4]\""));
  WS_REQUIRE(static_cast<int64_t>(s.values.size()) <= reduce::kSegmentedMaxN,
             "--segments: at most " + std::to_string(reduce::kSegmentedMaxN) +
                 " values (one block, one thread each), got " + std::to_string(s.values.size()));
  return {s.values, s.heads};
}

ReduceSegmentedRun ReduceSegmentedMode::run(Backend backend, int /*which*/) const {
  ReduceSegmentedRun r;
  r.op = settings().params.op;
  r.type = settings().params.type;
  r.input = parse_reduce_segments(settings().segments);
  static_cast<reduce::SegmentedRun&>(r) = reduce::segmented_teach(backend, r.op, r.type, r.input);
  r.reference = reduce::segmented_serial(r.op, r.type, r.input);
  return r;
}

void ReduceSegmentedMode::fill(RunJson& doc) const {
  const ReduceSegmentedRun& r = taught()->run;
  doc.input = r.input.values;
  doc.extra["segments"] = settings().segments;
  doc.extra["totals"] = r.totals;
  doc.extra["serial_totals"] = r.reference;
  const bool matches = r.totals == r.reference;
  doc.matches_reference = matches;
  doc.summary = "segmented " + std::string(op_name(r.op)) + " of " +
                std::to_string(r.input.values.size()) + " values in " +
                std::to_string(r.totals.size()) + " segments: " +
                (matches ? "matches the serial loop per segment" : "differs from the serial loop");
}

KernelSource ReduceSegmentedMode::kernel_source() const {
  return {"kernels/reduce/segmented_reduce.cu", "segmented", code_marker(), ""};
}

std::string segmented_step_why(const TraceStep& step) {
  if (step.phase == "load")
    return tr(
        "Each thread loads its value and its head flag (1 where a segment starts) into shared "
        "memory.");
  if (step.phase == "tree") {
    const int offset = std::atoi(step.label.c_str() + std::strlen("offset "));
    return trf(
        "Offset {0}: thread i adds the value {0} places to its left, unless a segment head lies "
        "within its window (its flag is 1): then its segment is complete and it stops. Values "
        "never cross a segment boundary.",
        offset);
  }
  if (step.phase == "finish")
    return tr(
        "The last element of each segment now holds the segment's total: it writes it to "
        "totals[segment], one value per segment.");
  return "";
}

std::string ReduceSegmentedMode::caption() const {
  const TraceStep* s = shown_step();
  if (!s) return "";
  const Taught<ReduceSegmentedRun>& t = *taught();
  return compose_caption(s->label, segmented_step_why(*s),
                         step_facts(t.run.trace, t.traced.counters, step(), &t.traced.snapshots));
}

void ReduceSegmentedMode::ui() {
  if (!panel_section(tr("Segments to reduce"), "reduce-segments")) return;
  static char text[4096];
  static std::string shown;
  if (shown != settings().segments) {
    shown = settings().segments;
    std::snprintf(text, sizeof text, "%s", shown.c_str());
  }
  nlohmann::json change;
  ImGui::InputText(label_id(tr("Segments to reduce"), "segments").c_str(), text, sizeof text);
  if (ImGui::Button(tr("Apply"))) change["segments"] = std::string(text);
  op_type_controls(settings().params.op, settings().params.type, change);
  if (!change.empty()) edit(change);
  ImGui::TextWrapped("%s", tr("Brackets enclose each segment: [1 2] [6 7 1] [1 2 3 4]."));
}

}  // namespace ws::app
