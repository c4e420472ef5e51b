// Fast mode in the GUI, the same for every scene: a size and repeat control, a button that runs
// the scene's BenchJob beside the window's loop (tasks::TaskFuture: the window stays live), its
// latest progress line, a cancel button, then the table (ms, GB/s, % of copy bandwidth, x library,
// checked) and a chart.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "bench_report.h"
#include "i18n/i18n.h"
#include "tasks/task_future.h"

namespace ws::app {

// A worker running one BenchJob. Progress lines are kept for the panel; cancel() makes the job
// stop at its next progress line (a kernel already launched finishes first).
class FastWorker {
 public:
  ~FastWorker();
  void start(BenchJob job);
  bool running() const { return future_.valid(); }
  void cancel() { shared_->cancelled = true; }
  // Takes the finished report, if the job ended since the last call. A failed or cancelled job
  // ends with its message in error().
  bool poll();
  std::string progress() const;
  const BenchReport& report() const { return report_; }
  const std::string& error() const { return error_; }
  bool has_report() const { return has_report_; }

 private:
  struct Shared {
    std::atomic<bool> cancelled{false};
    std::mutex mutex;
    std::string last_line;
  };
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
  tasks::TaskFuture<BenchReport> future_;
  BenchReport report_;
  std::string error_;
  bool has_report_ = false;
};

class FastPanel {
 public:
  // `log2_default`..`log2_max`: the size slider (log2 of the elements); 0 max = no size slider
  // (and with size choices, `log2_max` is not used).
  FastPanel(int log2_default = 20, int repeats_default = 10)
      : log2_n_(log2_default), repeats_(repeats_default) {}
  // Sizes as the scene's benchmark reads them (e.g. grids "4096", "512x512x512"): a choice of
  // these replaces the log2 slider.
  FastPanel(std::vector<std::string> size_choices, int default_choice, int repeats_default = 10)
      : log2_n_(0),
        repeats_(repeats_default),
        size_choices_(std::move(size_choices)),
        size_choice_(default_choice) {}
  // Replaces the size control by a choice of `size_choices`, as the constructor above does (for a
  // mode's fast_, which Mode constructs: a mode whose benchmark takes other sizes sets them in its
  // constructor, before any job runs).
  void set_size_choices(std::vector<std::string> size_choices, int default_choice) {
    log2_n_ = 0;
    size_choices_ = std::move(size_choices);
    size_choice_ = default_choice;
  }
  // The controls and the last result. `make_job(request)` builds the job from the scene's
  // current parameters (request.from_scene is set); `button` labels the start button.
  void ui(Backend backend, int log2_max,
          const std::function<BenchJob(const BenchRequest&)>& make_job,
          const char* button = TR_NOOP("Time every variant"));
  const FastWorker& worker() const { return worker_; }
  // The repeats control's default set later (a mode's constructor: Mode::fast_ cannot be
  // assigned, its worker holds a future); before any job runs.
  void set_repeats(int repeats_default) { repeats_ = repeats_default; }

 private:
  int log2_n_, repeats_;
  std::vector<std::string> size_choices_;
  int size_choice_ = 0;
  FastWorker worker_;
  std::string start_error_;
  bool show_chart_ = true;
};

}  // namespace ws::app
