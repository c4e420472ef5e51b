#include "lab_mode.h"

#include <algorithm>

#include "common/error.h"
#include "i18n/i18n.h"
#include "lab/exercise.h"
#include "lab_files.h"
#include "shell/page.h"
#include "scenes/lab/figure/lab_figure.h"

namespace ws::app {

void LabMode::reset() {
  if (gfx::page::in_browser()) {  // no compiler in the browser: the panel says so
    set_error(tr(kNoCompilerInBrowser));
    return;
  }
  const LabSettings& s = settings();
  LabRunRequest request{s.exercise, s.source, s.file_name, s.size, backend(), lab_worker_exe()};
  const bool in_background = context() && context()->background_work;
  set_error("");
  started_ = std::chrono::steady_clock::now();
  try {
    // A block the source sets that cannot run is refused here, naming its macro, before any job
    // starts (a job that throws while run in place would leave the work busy).
    lab::source_block(lab::find_exercise(s.exercise), s.source);
    work_.start(
        [request](const WorkControl& control) {
          return run_lab(request, [&control] { return control.cancelled(); });
        },
        in_background);
  } catch (const std::exception& e) {
    set_error(e.what());
    return;
  }
  take_finished();
}

void LabMode::tick(float /*dt*/) {
  take_finished();
}

void LabMode::take_finished() {
  try {
    if (std::optional<LabRun> run = work_.take()) adopt(std::move(*run));
  } catch (const std::exception& e) {
    set_error(e.what());
  }
}

void LabMode::adopt(LabRun run) {
  if (run.cancelled) return;  // the run shown stays
  run_ = std::make_shared<const LabRun>(std::move(run));
  step_ = std::max(0, step_count() - 1);
}

void LabMode::detach() {
  work_.cancel();
  LiveMode::detach();
}

int LabMode::step_count() const {
  return run_ ? std::max(1, int(run_->result.trace.steps.size())) : 1;
}

void LabMode::seek(int step) {
  step_ = std::clamp(step, 0, step_count() - 1);
}

LabFigureInput LabMode::figure_input() const {
  const LabSettings& s = settings();
  LabFigureInput in;
  const lab::Exercise& exercise = lab::find_exercise(s.exercise);
  const bool zh = i18n::language() == i18n::Language::Chinese && !exercise.title_zh.empty();
  in.exercise = zh ? exercise.title_zh : exercise.title;
  in.size = s.size;
  in.step = step_;
  if (run_) {
    in.result = &run_->result;
    in.data = &run_->figure;
    in.launch = run_->launch;
    in.launch_from = run_->size.block.from;
    in.args = &run_->inputs;
    in.expected = &run_->expected;
  }
  if (work_.busy())
    in.status = tr("compiling and running...");
  else if (!run_)
    in.status = error().empty() ? tr("not run yet") : error();
  return in;
}

void LabMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  key_ = draw_lab_figure(canvas, theme, figure_input());
}

std::string LabMode::describe_at(gfx::Vec2 point) const {
  return run_ ? describe_lab_figure(figure_input(), key_, point) : "";
}

std::string LabMode::caption() const {
  if (!run_) return "";
  if (run_->passed()) return tr("The kernel's output matches the reference.");
  for (const lab::Diagnostic& d : run_->result.diagnostics)
    if (d.kind != lab::DiagKind::CompileWarning)
      return lab_diag_kind_name(d.kind) + ": " + d.message;
  return "";
}

void LabMode::fill(RunJson& doc) const {
  const LabSettings& s = settings();
  doc.input = {{"exercise", s.exercise}, {"size", s.size}, {"file", s.file_name}};
  if (!run_) return;
  const LabRun& run = *run_;
  const lab::Result& r = run.result;
  doc.matches_reference = run.passed();
  nlohmann::json diagnostics = nlohmann::json::array();
  for (const lab::Diagnostic& d : r.diagnostics)
    diagnostics.push_back({{"kind", lab::diag_kind_name(d.kind)},
                           {"line", d.line},
                           {"thread", d.thread},
                           {"block", d.block},
                           {"message", d.message}});
  doc.result = {{"compiled", r.compiled},
                {"passed", run.passed()},
                {"backend", r.backend_name},
                {"ms", r.ms >= 0 ? nlohmann::json(r.ms) : nlohmann::json(nullptr)},
                {"diagnostics", diagnostics},
                {"launch",
                 {{"grid", {run.launch.grid_x, run.launch.grid_y}},
                  {"block", {run.launch.block_x, run.launch.block_y}},
                  {"from", run.size.block.from.empty() ? "default" : run.size.block.from},
                  {"text", lab::launch_text(run.launch, run.size.block)}}}};
  if (!r.trace.steps.empty()) {  // the same counters and steps as every traced scene's
    doc.counters = counters_json(run.figure.counters);
    doc.steps = steps_json(r.trace, run.figure.snapshots, run.figure.counters);
  }
  doc.summary = s.exercise + ": " + (run.passed() ? "passed" : "failed") + " (" +
                std::to_string(r.diagnostics.size()) + " diagnostics)";
}

}  // namespace ws::app
