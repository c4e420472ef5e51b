// A stand-in for S2's figure (figure/lab_figure.h): the run's header, verdict and diagnostics as
// lines of text, so the scene draws something in the window and in `render` until the trace view
// lands. S2 replaces this file.
#include <string>

#include "scenes/lab/figure/lab_figure.h"
#include "i18n/i18n.h"

namespace ws::app {

void draw_lab_figure(gfx::Canvas& canvas, const LabFigureInput& input, gfx::Theme theme,
                     HoverMap& /*hover*/) {
  const gfx::Palette& p = gfx::palette(theme);
  canvas.rect_filled({0, 0}, canvas.size(), p.background);
  float y = 16;
  const auto line = [&](const std::string& text, float size, gfx::Color colour) {
    canvas.text({16, y}, text, size, colour);
    y += size * 1.5f;
  };
  const LabSettings& s = *input.settings;
  line(trf("Kernel lab: {0} ({1} size)", s.exercise, s.size), 22, p.text);
  if (!input.run) {
    line(input.busy ? tr("compiling and running...") : tr("not run yet"), 16, p.text_muted);
    return;
  }
  const LabRun& run = *input.run;
  const lab::Result& r = run.result;
  const int steps = int(r.trace.steps.size());
  line(trf("{0}: grid {1} x {2}, block {3} x {4}, step {5} of {6}", r.backend_name,
           std::to_string(run.launch.grid_x), std::to_string(run.launch.grid_y),
           std::to_string(run.launch.block_x), std::to_string(run.launch.block_y),
           std::to_string(steps ? input.step + 1 : 0), std::to_string(steps)),
       16, p.text_muted);
  if (run.cancelled) {
    line(tr("cancelled"), 18, p.text_muted);
    return;
  }
  line(run.passed() ? tr("passed: the output matches the reference")
       : r.compiled ? tr("failed")
                    : tr("did not compile"),
       20, run.passed() ? p.write : p.mismatch);
  int shown = 0;
  for (const lab::Diagnostic& d : r.diagnostics) {
    if (++shown > 12) break;
    line(lab_diag_kind_text(d.kind) +
             (d.line > 0 ? " (" + trf("line {0}", std::to_string(d.line)) + ")" : "") + ": " +
             d.message,
         14, d.kind == lab::DiagKind::CompileWarning ? p.text_muted : p.mismatch);
  }
  line(tr("(the trace view is drawn here once the lab's figure lands)"), 13, p.text_muted);
}

}  // namespace ws::app
