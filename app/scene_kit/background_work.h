// A scene's recomputation off the UI thread (a tasks::BackgroundTask: a thread, or in the browser
// build without threads a fiber run in slices between frames): in the window, work that takes
// longer than a frame (reading a photo, counting 6 million pixels on the CPU) runs on a worker
// while the window keeps drawing the previous result with a progress bar and a cancel button; on
// the command line and in tests the same work runs before start() returns, so reset() still leaves
// the result in place.
//
//   work_.start([captured inputs](const WorkControl& c) { ...; c.report(0.5); ...; return r; },
//               context.background_work);
//   if (std::optional<R> r = work_.take()) adopt(std::move(*r));  // in reset() and tick()
//
// The work gets copies of its inputs (it must not touch the scene, GL or ImGui) and returns a
// result the scene adopts on the UI thread. Starting again while a job runs cancels it and drops
// its result. A failed job's ws::Error comes out of take() (or out of start() when run in place):
// take a worker's job only where its error is handled (tick(), finish_background_work), never
// right after start() in reset(), since a job that fails at once (a missing file) can be done
// before start() returns to its caller.
#pragma once

#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "common/cancelled.h"
#include "tasks/background_task.h"

namespace ws::app {

// What a job sees of its runner: cancel requests and a place to report progress.
class WorkControl {
 public:
  // Throws ws::Cancelled when cancel() was called (call between stages of the work).
  // In the browser build without threads, also where the work hands the page its turn.
  void check() const {
    tasks::slice_yield();
    if (cancel_.load()) throw Cancelled("cancelled");
  }
  // The fraction done, 0..1.
  void report(double fraction) const {
    progress_.store(fraction);
    tasks::slice_yield();
  }
  bool cancelled() const { return cancel_.load(); }

 private:
  template <class>
  friend class BackgroundWork;
  std::atomic<bool> cancel_{false};
  mutable std::atomic<double> progress_{0.0};
};

template <class Result>
class BackgroundWork {
 public:
  using Work = std::function<Result(const WorkControl&)>;

  BackgroundWork() = default;
  BackgroundWork(const BackgroundWork&) = delete;
  BackgroundWork& operator=(const BackgroundWork&) = delete;
  ~BackgroundWork() {
    cancel();
    if (thread_.joinable()) thread_.join();
  }

  // Runs `work` on a worker thread when `in_background`, else here (its exceptions propagate and
  // take() returns its result next). While a job runs, a new one waits for it: the running job is
  // asked to stop and its result is dropped, and only the newest waiting job starts after it (a
  // slider dragged through many values computes the last one, never a pile of them).
  void start(Work work, bool in_background) {
    last_cancelled_ = false;
    if (!in_background) {
      cancel();
      if (thread_.joinable()) thread_.join();
      state_ = std::make_shared<State>();
      try {
        state_->result.emplace(work(state_->control));
      } catch (...) {
        state_.reset();  // a failed job leaves nothing running (busy() is false again)
        throw;
      }
      state_->done = true;
      return;
    }
    if (busy_running()) {
      state_->control.cancel_ = true;
      pending_ = std::move(work);
      return;
    }
    launch(std::move(work));
  }

  // A job is running or waiting, and its result has not been taken.
  bool busy() const { return busy_running() || static_cast<bool>(pending_); }
  // The running job's fraction done (0 while none runs or the next one waits).
  double progress() const {
    return state_ && !pending_ && !state_->done ? state_->control.progress_.load() : 0.0;
  }
  // Asks the running job to stop at its next check() and drops a waiting one; take() then gives
  // nothing and cancelled_job() is true.
  void cancel() {
    pending_ = nullptr;
    if (state_) state_->control.cancel_ = true;
  }
  bool cancel_requested() const { return state_ && state_->control.cancelled(); }

  // The finished job's result, once; nullopt while it runs, after it was taken, or when it was
  // cancelled (cancelled_job() is then true until the next start). A failed job's exception is
  // rethrown here, once. Call it every frame: it also starts a job that was waiting.
  std::optional<Result> take() {
    if (!state_ || !state_->done) return std::nullopt;
    if (thread_.joinable()) thread_.join();
    std::shared_ptr<State> state = std::move(state_);
    if (pending_) {  // superseded: the newest waiting job runs now
      Work next = std::move(pending_);
      pending_ = nullptr;
      launch(std::move(next));
      return std::nullopt;
    }
    if (state->error) {
      try {
        std::rethrow_exception(state->error);
      } catch (const Cancelled&) {
        last_cancelled_ = true;
        return std::nullopt;
      }
    }
    if (state->control.cancelled()) {
      last_cancelled_ = true;
      return std::nullopt;
    }
    return std::move(state->result);
  }
  // The last job ended by cancel() (until the next start).
  bool cancelled_job() const { return last_cancelled_; }

 private:
  struct State {
    WorkControl control;
    std::atomic<bool> done{false};
    std::optional<Result> result;
    std::exception_ptr error;
  };

  bool busy_running() const { return state_ && !state_->done; }
  void launch(Work work) {
    if (thread_.joinable()) thread_.join();
    auto state = std::make_shared<State>();
    state_ = state;
    thread_ = tasks::BackgroundTask([state, work = std::move(work)] {
      try {
        state->result.emplace(work(state->control));
      } catch (...) {
        state->error = std::current_exception();
      }
      state->done = true;  // after the result: the UI thread reads it once it sees done
    });
  }

  std::shared_ptr<State> state_;
  tasks::BackgroundTask thread_;
  Work pending_;
  bool last_cancelled_ = false;
};

// A scene's tick() with its work: `adopt()` takes the finished result (BackgroundWork::take) and
// makes it the scene's; a job that failed puts its message in `error`, and it or a cancelled job
// calls `restore()`, which puts the settings back to those of the result shown.
template <class Result, class Adopt, class Restore>
void finish_background_work(const BackgroundWork<Result>& work, Adopt&& adopt, std::string& error,
                            Restore&& restore) {
  try {
    adopt();
  } catch (const std::exception& e) {
    error = e.what();
    restore();
  }
  if (work.cancelled_job()) restore();
}

}  // namespace ws::app
