// The segmented scan mode's teach run (checked against its CPU twin on CUDA), the run document,
// the figure and the caption.
#include "segmented_mode.h"

namespace ws::app {

SegmentedRun SegmentedMode::run(Backend backend, int /*which*/) const {
  const SegmentedSettings& s = settings().segmented;
  SegmentedRun r;
  r.segments = segscan::parse_segments(s.segments);
  static_cast<segscan::TeachRun&>(r) = segscan::teach(backend, s.params, r.segments);
  r.reference = segscan::segmented_serial(s.params, r.segments);
  return r;
}

void SegmentedMode::fill(RunJson& doc) const {
  const SegmentedRun& r = taught()->run;
  const segscan::Params& p = settings().segmented.params;
  const bool matches = r.result == r.reference;
  doc.input = r.segments.values;
  doc.result = r.result;
  doc.reference = r.reference;
  doc.matches_reference = matches;
  doc.summary =
      std::string(p.inclusive ? "inclusive " : "exclusive ") + op_name(p.op) + " over " +
      std::to_string(r.segments.values.size()) + " values: " +
      (matches ? "matches the per-segment reference" : "DIFFERS from the per-segment reference");
  doc.extra = {{"segments", segscan::format_segments(r.segments)},
               {"heads", std::vector<int>(r.segments.heads.begin(), r.segments.heads.end())}};
}

void SegmentedMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  if (const Taught<SegmentedRun>* t = taught())
    draw_segmented(canvas, theme, *t, settings().segmented.params, step(), hover());
}

std::string SegmentedMode::caption() const {
  const Taught<SegmentedRun>* t = taught();
  return t ? segmented_caption(*t, settings().segmented.params.inclusive, step()) : "";
}

}  // namespace ws::app
