// A step-by-step mode: one traced run of a variant (and, beside it, the run of a variant it is
// compared with), through the kit's teach pipeline. The kit holds what every such mode repeats:
// the context and backend, attach and detach, reset (input -> teach_and_check on the backend,
// the CPU twin checked on CUDA -> analysis), the step cursor, step count and seek, the run
// document's skeleton (counters, steps, cpu_check) and the code panel. The mode writes:
//
//   prepare()       the input its runs read, made once per reset (optional)
//   run(b, which)   one traced run on backend b (Backend::Cpu: the twin); which = 1: the
//                   comparison, when runs_shown() is 2
//   analyse()       what the figure derives from the runs (optional)
//   fill(doc)       input, result, reference, summary and its own keys of the run document
//   draw (adding hover regions), caption, ui (its panel); its row gives the code panel's source
#pragma once

#include <optional>
#include <vector>

#include "mode.h"
#include "panel_widgets.h"
#include "step_cursor.h"
#include "teach_pipeline.h"

namespace ws::app {

template <class Settings, class Run>
class TracedMode : public ModeOf<Settings> {
 public:
  void detach() override {
    runs_.clear();
    Mode::detach();
  }
  // Throws what a run throws (the edit that asked for it is then rolled back).
  void reset() override {
    runs_.clear();
    prepare();
    for (int which = 0; which < runs_shown(); ++which)
      runs_.push_back(teach_and_check(
          this->backend(), [&](Backend b) { return run(b, which); }, twin_comparison(which)));
    analyse();
    cursor_.seek(cursor_.step(), step_count());
  }
  int step_count() const override {
    int count = 1;
    for (const Taught<Run>& t : runs_)
      count = std::max(count, static_cast<int>(t.run.trace.steps.size()));
    return count;
  }
  int current_step() const override { return cursor_.step(); }
  void seek(int step) override { cursor_.seek(step, step_count()); }
  std::string code_marker() const override {
    const TraceStep* s = shown_step();
    return s ? s->code_marker : "";
  }
  nlohmann::json results_json() const override {
    RunJson doc = this->run_json();
    if (const Taught<Run>* t = taught()) doc.set_trace(t->run.trace, t->traced);
    fill(doc);
    return doc.to_json();
  }

  // The run shown (which = 0) and its comparison (1); null before attach, after a failed reset,
  // or without a comparison.
  const Taught<Run>* taught(size_t which = 0) const {
    return which < runs_.size() ? &runs_[which] : nullptr;
  }
  // The run's trace step shown; null without a run, or past its last step (a comparison's
  // trace may be longer).
  const TraceStep* shown_step() const {
    const Taught<Run>* t = taught();
    const size_t step = static_cast<size_t>(cursor_.step());
    return t && step < t->run.trace.steps.size() ? &t->run.trace.steps[step] : nullptr;
  }

 protected:
  virtual void prepare() {}
  virtual Run run(Backend backend, int which) const = 0;
  virtual int runs_shown() const { return 1; }
  // How the twin's trace is compared with the kernel's (default: exactly; see TwinComparison).
  virtual TwinComparison twin_comparison(int /*which*/) const { return {}; }
  virtual void analyse() {}
  virtual void fill(RunJson& doc) const = 0;
  int step() const { return cursor_.step(); }

 private:
  std::vector<Taught<Run>> runs_;
  StepCursor cursor_;
};

}  // namespace ws::app
