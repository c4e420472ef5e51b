// The compaction mode's teach run (checked against its CPU twin on CUDA), the run document, the
// figure and the caption.
#include "compact_mode.h"

namespace ws::app {

CompactRun CompactMode::run(Backend backend, int /*which*/) const {
  const CompactSettings& s = settings().compact;
  CompactRun r;
  const std::vector<double> input = s.input.make(s.params.type, compact_input_limits(),
                                                 r.input_label, &r.image_width, &r.image_height);
  static_cast<compact::TeachRun&>(r) = compact::teach(backend, s.params, input);
  r.reference = compact::compact_reference(s.params.predicate, r.input);
  return r;
}

void CompactMode::fill(RunJson& doc) const {
  const CompactRun& r = taught()->run;
  const bool matches = r.output == r.reference;
  doc.input = r.input;
  doc.result = r.output;
  doc.reference = r.reference;
  doc.matches_reference = matches;
  doc.summary = "kept " + std::to_string(r.kept) + " of " + std::to_string(r.input.size()) +
                (matches ? ", matches std::copy_if" : ", DIFFERS from std::copy_if");
  doc.extra = {{"input_label", r.input_label},
               {"predicate", compact::describe(settings().compact.params.predicate)},
               {"flags", r.flags},
               {"positions", r.positions},
               {"kept", r.kept},
               {"dropped", static_cast<int64_t>(r.input.size()) - r.kept}};
  if (r.image_width > 0)
    doc.extra["image"] = {{"width", r.image_width}, {"height", r.image_height}};
}

void CompactMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  if (const Taught<CompactRun>* t = taught())
    draw_compact(canvas, theme, *t, settings().compact.params, step(), hover());
}

std::string CompactMode::caption() const {
  const Taught<CompactRun>* t = taught();
  return t ? compact_caption(*t, settings().compact.params, step()) : "";
}

}  // namespace ws::app
